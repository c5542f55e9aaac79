import { describe, expect, test } from "vitest";
import { slackMessage } from "#app/.server/leads/channels/slack.ts";

const base = {
  id: "7d0e1c44-1111-4a2b-9c3d-000000000001",
  name: "Dana Whitfield",
  email: "dana@acme.example",
  message: "Hello",
  createdAt: new Date("2026-11-24T10:00:00Z"),
};

describe("the Slack announcement", () => {
  test("shows what a visitor typed as plain text: no mention, link or formatting", () => {
    const post = slackMessage(
      {
        ...base,
        name: "<!channel> *Boss*",
        message: "<https://evil.example|click me> <@U123>",
        lastTouch: { landing: "/?utm_source=<!here>", utm_source: "<!here>" },
      },
      "https://northstory.example",
    );
    const [header, excerpt, source] = post.blocks as {
      text?: { type: string; text: string };
    }[];
    expect(header?.text).toEqual({
      type: "plain_text",
      text: "New lead: <!channel> *Boss* (acme.example)",
    });
    expect(excerpt?.text?.type).toBe("plain_text");
    expect(source?.text?.type).toBe("mrkdwn");
    expect(source?.text?.text).toContain("*UTM source:* &lt;!here&gt;");
    expect(source?.text?.text).not.toContain("<!here>");
    expect(post.text).toBe("New lead: &lt;!channel&gt; *Boss* (acme.example)");
  });
});
