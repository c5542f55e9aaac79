import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  MeasuringStrategy,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useFetchers, useSubmit } from "react-router";
import { FollowUpMark, IdleMark, OwnerMark } from "#app/components/admin/lead-badges.tsx";
import { cn } from "#app/components/ui/cn.ts";
import {
  type BoardMoveTarget,
  boardMoveTargets,
  formatDealTotal,
  formatDealValue,
  type LeadStatus,
  leadLostReasonLabels,
  leadLostReasons,
  leadStatusLabels,
  type PipelineStage,
} from "#app/lib/leads.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

// The pipeline as a board, as Pipedrive shows deals. A card moves to another stage three
// ways, each sending the same form to the board's action: dragged with a mouse or a finger
// (a finger holds it a moment first, so that a swipe still scrolls the stages), or with its
// Move menu, which is a plain form (the way for a keyboard, a screen reader and a browser
// without scripts; WCAG's alternative to dragging). With scripts, the card moves at once and
// the board's figures follow; the server's answer then says what happened.

export type BoardCard = {
  id: string;
  to: string;
  name: string;
  company: string | null;
  /** Whole dollars, or null. */
  value: number | null;
  owner: string;
  followUp: string | null;
  followUpDue: boolean;
  /** Days left alone, when it is idle (no follow-up day, nothing done for long). */
  idle: number | null;
};

export type BoardColumn = {
  stage: PipelineStage;
  label: string;
  count: number;
  dollars: number;
  /** Cards in the stage past those shown, and the inbox's list of them all. */
  more: number;
  list: string;
  cards: BoardCard[];
};

/** What the board's action answers to a move, or to what it asked for after one. */
export type BoardAnswer = {
  ok: boolean;
  message: string;
  /** The lead it is about: its link. */
  lead?: { id: string; name: string; path: string };
  /** The status it had before the move: Undo puts it back. */
  undo?: LeadStatus;
  /** Asked next, in place: a lead won without a deal value, or lost, and why. */
  ask?: "value" | "reason";
  /** The value typed, when it was refused. */
  typed?: string;
};

const fetcherKey = (id: string) => `pipeline-move:${id}`;

/** The moves still being sent, in the order they were made. */
function usePendingMoves(): { id: string; to: BoardMoveTarget }[] {
  return useFetchers().flatMap((fetcher) => {
    const form = fetcher.formData;
    if (!fetcher.key.startsWith("pipeline-move:") || form?.get("intent") !== "move") return [];
    const to = form.get("status");
    const id = form.get("lead");
    return typeof id === "string" && boardMoveTargets.some((target) => target === to)
      ? [{ id, to: to as BoardMoveTarget }]
      : [];
  });
}

/** The columns as they will be once the moves being sent are done. */
export function withMoves(
  columns: BoardColumn[],
  moves: { id: string; to: BoardMoveTarget }[],
): BoardColumn[] {
  let board = columns;
  for (const move of moves) {
    const from = board.find((column) => column.cards.some((card) => card.id === move.id));
    const card = from?.cards.find((each) => each.id === move.id);
    if (!from || !card || from.stage === move.to) continue;
    board = board.map((column) => {
      if (column === from) {
        return {
          ...column,
          count: column.count - 1,
          dollars: column.dollars - (card.value ?? 0),
          cards: column.cards.filter((each) => each !== card),
        };
      }
      if (column.stage !== move.to) return column;
      // In the stage's order: the largest deal first, those without a value last.
      const place = column.cards.findIndex((each) => (each.value ?? -1) < (card.value ?? -1));
      const cards = [...column.cards];
      // Moving it is something done: it is not idle any more.
      cards.splice(place === -1 ? cards.length : place, 0, { ...card, idle: null });
      return {
        ...column,
        count: column.count + 1,
        dollars: column.dollars + (card.value ?? 0),
        cards,
      };
    });
  }
  return board;
}

const targetLabel = (to: BoardMoveTarget) => leadStatusLabels[to];

/**
 * The stage under the pointer; the place for Lost when the pointer is on it, as it is drawn
 * over the stages' lower part while a card is held.
 */
const underPointer: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const lost = hits.find((hit) => hit.id === "lost");
  return lost ? [lost] : hits;
};

export function PipelineBoard({
  columns: loaded,
  answer: posted,
}: {
  columns: BoardColumn[];
  /** The action's answer to a move made without scripts. */
  answer: BoardAnswer | undefined;
}) {
  const pending = usePendingMoves();
  const columns = withMoves(loaded, pending);
  const submit = useSubmit();
  // The latest move made with scripts: its answer is the one shown.
  const [latest, setLatest] = useState<string | null>(null);
  const answered = useFetcher<BoardAnswer>({ key: fetcherKey(latest ?? "none") });
  const answer = latest ? answered.data : posted;
  // The answer floats at the foot of the screen (the board does not move under the pointer
  // when it comes) until it is dismissed, a card is picked up, or the next answer comes.
  const [dismissed, setDismissed] = useState(false);
  const hydrated = useHydrated();
  // After a move made from the keyboard, the focus goes where the work goes on: the card in
  // its new stage, or, for a lead won or lost, the answer (which may ask for its value or
  // why), once it has come; after a value or a reason is saved, the answer again.
  const [refocus, setRefocus] = useState<{
    id: string;
    to: "answer" | PipelineStage;
    sent: boolean;
  } | null>(null);
  useEffect(() => {
    if (!refocus) return;
    let target: HTMLElement | null | undefined;
    if (refocus.to === "answer") {
      // Not the answer still shown from before: the one that comes once this is sent.
      if (answered.state !== "idle") {
        if (!refocus.sent) setRefocus({ ...refocus, sent: true });
        return;
      }
      if (!refocus.sent) return;
      const box = document.querySelector<HTMLElement>(`[data-answer="${CSS.escape(refocus.id)}"]`);
      target = box?.querySelector<HTMLElement>("input:not([type=hidden]), select") ?? box;
    } else {
      // Once it is drawn in its new stage (a render or two after the press).
      target = document.querySelector<HTMLElement>(
        `[data-stage="${refocus.to}"] [data-card="${CSS.escape(refocus.id)}"] a`,
      );
    }
    if (target) {
      target.focus();
      setRefocus(null);
    }
  });

  /** Sends one of the board's forms about lead `id`, without leaving the board. */
  const send = (id: string, fields: Record<string, string>, focus?: "answer" | PipelineStage) => {
    setLatest(id);
    setDismissed(false);
    setRefocus(focus ? { id, to: focus, sent: false } : null);
    void submit(fields, {
      method: "post",
      navigate: false,
      fetcherKey: fetcherKey(id),
      preventScrollReset: true,
    });
  };
  const move = (id: string, to: BoardMoveTarget, byKeyboard: boolean) =>
    send(
      id,
      { intent: "move", lead: id, status: to },
      byKeyboard ? (to === "won" || to === "lost" ? "answer" : to) : undefined,
    );

  const [dragged, setDragged] = useState<BoardCard | null>(null);
  const sensors = useSensors(
    // A click on the name still opens the lead: a drag starts once the mouse has moved.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A finger holds the card a moment first, so that a swipe scrolls the stages.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
  );
  const cardNamed = (id: unknown) =>
    columns.flatMap((column) => column.cards).find((card) => card.id === id);
  const stageLabel = (id: unknown) =>
    id === "lost" ? "Lost" : (columns.find((column) => column.stage === id)?.label ?? "");
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${cardNamed(active.id)?.name ?? "a lead"}.`,
    onDragOver: ({ over }) => (over ? `Over ${stageLabel(over.id)}.` : undefined),
    // Where it went is said by the board's answer ("Moved … to Qualified."), once.
    onDragEnd: ({ over }) => (over ? undefined : "Put back."),
    onDragCancel: () => "Put back.",
  };
  const onDragStart = ({ active }: DragStartEvent) => {
    setDragged(cardNamed(active.id) ?? null);
    setDismissed(true);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const from = active.data.current?.stage;
    const to = boardMoveTargets.find((target) => target === over?.id);
    if (to && to !== from) move(String(active.id), to, false);
  };

  return (
    <>
      {/* Read out once, as the answer's words alone (not its fields and their choices). */}
      <p role="status" className="sr-only">
        {answer?.message ?? ""}
      </p>
      <div className="fixed inset-x-4 bottom-4 z-30 mx-auto max-w-2xl empty:hidden">
        {answer && !dismissed ? (
          <MoveAnswer
            answer={answer}
            onSend={(id, fields) => send(id, fields, "answer")}
            onUndo={(id, to) => move(id, to, true)}
            onDismiss={hydrated ? () => setDismissed(true) : undefined}
          />
        ) : null}
      </div>
      <DndContext
        id="pipeline"
        sensors={sensors}
        collisionDetection={underPointer}
        // The stages scroll sideways on a phone while a card is held: measure as they move.
        measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: "Each lead's Move menu moves it to another stage.",
          },
        }}
      >
        {/* On a phone the stages sit side by side and scroll sideways, one and a bit in view;
            from 1024 px all four fit. The row takes the keyboard's focus to scroll. It is
            positioned, so the screen-reader-only words of the cards out of view (absolutely
            placed) stay inside it: they widened the page by 271 px at 390. */}
        <section
          aria-label="Stages"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
          tabIndex={0}
          className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 focus-visible:outline-2 focus-visible:outline-brand-700 lg:mx-0 lg:grid lg:grid-cols-4 lg:overflow-visible lg:px-0"
        >
          {columns.map((column) => (
            <Stage key={column.stage} column={column}>
              {column.cards.length === 0 ? (
                <p className="mt-3 px-1 text-sm text-ink-soft">None.</p>
              ) : (
                <ol className="mt-3 space-y-2">
                  {column.cards.map((card) => (
                    <DraggableCard
                      key={card.id}
                      card={card}
                      stage={column.stage}
                      onMove={(to) => move(card.id, to, true)}
                    />
                  ))}
                </ol>
              )}
            </Stage>
          ))}
        </section>
        <LostDrop shown={dragged !== null} />
        <DragOverlay dropAnimation={null}>
          {dragged ? (
            <div
              aria-hidden="true"
              className="rotate-1 cursor-grabbing rounded-xl border border-brand-600 bg-white p-3 shadow-lg"
            >
              <CardFace card={dragged} name={<span className={nameClass}>{dragged.name}</span>} />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </>
  );
}

function Stage({ column, children }: { column: BoardColumn; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  return (
    <section
      ref={setNodeRef}
      data-stage={column.stage}
      aria-labelledby={`stage-${column.stage}`}
      className={cn(
        "w-[82%] shrink-0 snap-start rounded-2xl border border-slate-200 bg-slate-50 p-3 sm:w-80 lg:w-auto",
        isOver && "border-brand-600 bg-brand-50 ring-2 ring-brand-600",
      )}
    >
      <h2 id={`stage-${column.stage}`} className="px-1 font-semibold text-ink">
        {column.label}
        <span className="block text-sm font-normal text-ink-soft">
          {column.count === 1 ? "1 lead" : `${column.count} leads`} ·{" "}
          {formatDealTotal(column.dollars)}
        </span>
      </h2>
      {children}
      {column.more > 0 ? (
        <Link
          to={column.list}
          className="mt-3 inline-flex min-h-11 items-center px-1 text-sm font-semibold text-brand-700 underline"
        >
          {`${column.more} more in the list`}
        </Link>
      ) : null}
    </section>
  );
}

/** While a card is held: a place at the foot of the screen to drop it as lost. */
function LostDrop({ shown }: { shown: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: "lost" });
  return (
    <div
      ref={setNodeRef}
      aria-hidden={!shown}
      className={cn(
        "fixed inset-x-4 bottom-4 z-40 mx-auto flex min-h-16 max-w-md items-center justify-center rounded-2xl border-2 border-dashed border-slate-400 bg-white/95 font-semibold text-ink shadow-lg",
        !shown && "hidden",
        isOver && "border-red-700 bg-red-50 text-red-900",
      )}
    >
      Drop here to mark it Lost
    </div>
  );
}

/** A card as it is drawn, its name being a link on the board and words while it is held. */
function CardFace({ card, name, menu }: { card: BoardCard; name: ReactNode; menu?: ReactNode }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        {name}
        {card.value !== null ? <DealValue value={card.value} /> : null}
      </div>
      {card.company ? (
        <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">{card.company}</p>
      ) : null}
      <div className="mt-2 flex min-h-11 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-soft">
          <OwnerMark owner={card.owner} />
          {card.followUp ? <FollowUpMark day={card.followUp} due={card.followUpDue} /> : null}
          {card.idle !== null ? <IdleMark days={card.idle} /> : null}
        </p>
        {menu}
      </div>
    </>
  );
}

const nameClass = "min-w-0 font-semibold text-brand-700 [overflow-wrap:anywhere]";

function DealValue({ value }: { value: number }) {
  return (
    <span className="shrink-0 font-semibold text-ink tabular-nums">
      <span className="sr-only">Deal value: </span>
      {formatDealValue(value)}
    </span>
  );
}

/** A card of the board, in its stage; `onMove` sends it to another (with scripts). */
type CardProps = {
  card: BoardCard;
  stage: PipelineStage;
  onMove: (to: BoardMoveTarget) => void;
};

function DraggableCard({ card, stage, onMove }: CardProps) {
  // Only the pointer's listeners: the card is not a button (it holds a link and a menu);
  // the keyboard moves it with the menu.
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: card.id, data: { stage } });
  return (
    <li
      ref={setNodeRef}
      data-card={card.id}
      {...listeners}
      className={cn(
        "cursor-grab touch-manipulation select-none rounded-xl border border-slate-200 bg-white p-3 shadow-sm [-webkit-touch-callout:none]",
        isDragging && "opacity-40",
      )}
    >
      <CardFace
        card={card}
        name={
          <Link
            to={card.to}
            // The browser's own dragging of a link would take over the card's.
            draggable={false}
            className={cn(nameClass, "hover:underline")}
          >
            {card.name}
          </Link>
        }
        menu={<MoveMenu card={card} stage={stage} onMove={onMove} />}
      />
    </li>
  );
}

/** The card's Move menu: a form of the other stages, sent with or without scripts. */
function MoveMenu({ card, stage, onMove }: CardProps) {
  const menu = useRef<HTMLDetailsElement>(null);
  const close = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  };
  return (
    <details ref={menu} onKeyDown={close} className="group ml-auto text-right">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is a button; a press on it opens the menu, not a drag */}
      <summary
        // The card's dragging starts from a press anywhere but here.
        onMouseDown={(event) => event.stopPropagation()}
        onTouchStart={(event) => event.stopPropagation()}
        className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        Move<span className="sr-only"> {card.name}</span>
        <span aria-hidden="true" className="ml-1 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form
        method="post"
        onSubmit={(event) => {
          // With scripts the move is sent without leaving the board.
          event.preventDefault();
          const to = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
          const target = boardMoveTargets.find((each) => each === to);
          if (target) onMove(target);
        }}
        onMouseDown={(event) => event.stopPropagation()}
        onTouchStart={(event) => event.stopPropagation()}
        className="mt-1 flex flex-wrap justify-end gap-2"
        aria-label={`Move ${card.name} to`}
      >
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="lead" value={card.id} />
        {boardMoveTargets
          .filter((to) => to !== stage)
          .map((to) => (
            <button
              key={to}
              type="submit"
              name="status"
              value={to}
              className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-ink hover:border-brand-600"
            >
              {targetLabel(to)}
            </button>
          ))}
      </Form>
    </details>
  );
}

/** A form of the answer: sent by `onSend` with scripts, posted to the board without. */
function AnswerForm({
  onSend,
  children,
}: {
  onSend: (fields: Record<string, string>) => void;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const fields: Record<string, string> = {};
        for (const [name, value] of new FormData(event.currentTarget)) {
          if (typeof value === "string") fields[name] = value;
        }
        onSend(fields);
      }}
    >
      {children}
    </Form>
  );
}

const fieldClass =
  "min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base text-ink focus-visible:outline-2 focus-visible:outline-brand-700";
const answerButtonClass =
  "inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800";

/** The answer to the latest move: the lead's link, Undo, and what it asks for next. */
function MoveAnswer({
  answer,
  onSend,
  onUndo,
  onDismiss,
}: {
  answer: BoardAnswer;
  onSend: (id: string, fields: Record<string, string>) => void;
  onUndo: (id: string, to: BoardMoveTarget) => void;
  /** With scripts: hides the answer. */
  onDismiss: (() => void) | undefined;
}) {
  const lead = answer.lead;
  const back = boardMoveTargets.find((to) => to === answer.undo);
  return (
    <div
      data-answer={lead?.id}
      tabIndex={-1}
      className={cn(
        "flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border-l-4 py-2 pr-2 pl-4 shadow-lg",
        answer.ok
          ? "border-green-700 bg-green-50 text-green-900"
          : "border-red-700 bg-red-50 text-red-900",
      )}
    >
      <p id="board-answer">{answer.message}</p>
      {lead ? (
        <Link to={lead.path} className="font-semibold underline">
          Open {lead.name}
        </Link>
      ) : null}
      {lead && back ? (
        <Form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            onUndo(lead.id, back);
          }}
        >
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="lead" value={lead.id} />
          <input type="hidden" name="status" value={back} />
          <button type="submit" className="min-h-11 font-semibold underline">
            Undo
          </button>
        </Form>
      ) : null}
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="ml-auto inline-flex size-11 items-center justify-center rounded-md hover:bg-black/5"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      ) : null}
      {lead && answer.ask === "value" ? (
        <div className="basis-full pb-2">
          <AnswerForm onSend={(fields) => onSend(lead.id, fields)}>
            <input type="hidden" name="intent" value="value" />
            <input type="hidden" name="lead" value={lead.id} />
            <label className="flex flex-col text-sm font-semibold">
              Deal value (US$)
              <input
                name="value"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={answer.typed}
                aria-invalid={answer.ok ? undefined : true}
                aria-describedby={answer.ok ? undefined : "board-answer"}
                className={cn(fieldClass, "mt-1 w-40 font-normal")}
              />
            </label>
            <button type="submit" className={answerButtonClass}>
              Save value
            </button>
          </AnswerForm>
        </div>
      ) : null}
      {lead && answer.ask === "reason" ? (
        <div className="basis-full pb-2">
          <AnswerForm onSend={(fields) => onSend(lead.id, fields)}>
            <input type="hidden" name="intent" value="lost-reason" />
            <input type="hidden" name="lead" value={lead.id} />
            <label className="flex flex-col text-sm font-semibold">
              Why lost?
              <select
                name="reason"
                defaultValue=""
                aria-invalid={answer.ok ? undefined : true}
                aria-describedby={answer.ok ? undefined : "board-answer"}
                className={cn(fieldClass, "mt-1 font-normal")}
              >
                <option value="">Choose a reason</option>
                {leadLostReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {leadLostReasonLabels[reason]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={answerButtonClass}>
              Save reason
            </button>
          </AnswerForm>
        </div>
      ) : null}
    </div>
  );
}
