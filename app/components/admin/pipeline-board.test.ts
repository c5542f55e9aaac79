import { describe, expect, test } from "vitest";
import {
  type BoardCard,
  type BoardColumn,
  withMoves,
} from "#app/components/admin/pipeline-board.tsx";

const card = (id: string, value: number | null, idle: number | null = null): BoardCard => ({
  id,
  to: `/admin/leads/${id}`,
  name: id,
  company: null,
  value,
  owner: "Unassigned",
  followUp: null,
  followUpDue: false,
  idle,
});

const column = (stage: BoardColumn["stage"], cards: BoardCard[]): BoardColumn => ({
  stage,
  label: stage,
  count: cards.length,
  dollars: cards.reduce((sum, each) => sum + (each.value ?? 0), 0),
  more: 0,
  list: `/admin/leads?status=${stage}`,
  cards,
});

const board = () => [
  column("new", [card("a", 5000), card("b", null)]),
  column("contacted", []),
  column("qualified", [card("c", 9000), card("d", 1000), card("e", null)]),
  column("won", []),
];

const shape = (columns: BoardColumn[]) =>
  columns.map((each) => [each.stage, each.count, each.dollars, each.cards.map((c) => c.id)]);

describe("the board while moves are being sent", () => {
  test("a card leaves its stage and joins the other in value order, counts and sums following", () => {
    expect(shape(withMoves(board(), [{ id: "a", to: "qualified" }]))).toEqual([
      ["new", 1, 0, ["b"]],
      ["contacted", 0, 0, []],
      ["qualified", 4, 15000, ["c", "a", "d", "e"]],
      ["won", 0, 0, []],
    ]);
  });

  test("a card without a value goes last; one made Lost leaves the board", () => {
    expect(
      shape(
        withMoves(board(), [
          { id: "b", to: "qualified" },
          { id: "c", to: "lost" },
        ]),
      ),
    ).toEqual([
      ["new", 1, 5000, ["a"]],
      ["contacted", 0, 0, []],
      ["qualified", 3, 1000, ["d", "e", "b"]],
      ["won", 0, 0, []],
    ]);
  });

  test("moves apply in order; a move to where the card is, or of a card not shown, changes nothing", () => {
    const columns = board();
    expect(withMoves(columns, [{ id: "zz", to: "won" }])).toBe(columns);
    expect(withMoves(columns, [{ id: "a", to: "new" }])).toBe(columns);
    expect(
      shape(
        withMoves(columns, [
          { id: "a", to: "contacted" },
          { id: "a", to: "won" },
        ]),
      ),
    ).toEqual([
      ["new", 1, 0, ["b"]],
      ["contacted", 0, 0, []],
      ["qualified", 3, 10000, ["c", "d", "e"]],
      ["won", 1, 5000, ["a"]],
    ]);
  });
});

test("a card moved is not idle any more: moving it is something done", () => {
  const idle = [column("new", [card("a", 5000, 20)]), column("contacted", [])];
  expect(withMoves(idle, [])[0]?.cards[0]?.idle).toBe(20);
  const moved = withMoves(idle, [{ id: "a", to: "contacted" }]);
  expect(moved[1]?.cards.map((each) => [each.id, each.idle])).toEqual([["a", null]]);
});
