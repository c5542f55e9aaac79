import { expect, test } from "../support/fixtures.ts";

for (const width of [390, 1280]) {
  test(`the home page makes its case at ${width}px`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const offsite: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseURL ?? "")) offsite.push(request.url());
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Make Marketing That People Want",
    );
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Schedule a Consultation" })).toHaveAttribute(
      "href",
      "/book-a-call?from=home-hero",
    );
    await expect(main.getByRole("link", { name: "Learn More" }).first()).toHaveAttribute(
      "href",
      "/how-northstory-works-audience",
    );
    // Three proof points, three truths and three case studies.
    await expect(
      main.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) }),
    ).toHaveCount(9);
    // The hero's art is one picture, named for what it shows.
    await expect(main.getByRole("img", { name: /LinkedIn post/ })).toBeVisible();
    // Proof: the clients' wordmarks, the rating with its review site, the studies' results.
    const clients = main.getByRole("region", { name: "Clients and rating" });
    for (const name of ["Ledgerline", "Fieldgrid Robotics", "Clearpath Compliance"]) {
      await expect(clients.getByRole("img", { name })).toBeVisible();
    }
    await expect(clients).toContainText("4.6 out of 5 on G2");
    await expect(main.getByRole("link", { name: "Blast Media" })).toHaveAttribute(
      "href",
      "/founder-brand-case-studies/blast-media",
    );
    await expect(main.getByRole("heading", { name: "Three Undeniable Truths" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Book A Call" })).toHaveAttribute(
      "href",
      "/book-a-call?from=home-pitch",
    );
    expect(offsite).toEqual([]);
  });
}

test("the video loads from the video host only after the visitor presses play", async ({
  page,
}) => {
  const videoRequests: string[] = [];
  await page.route(/youtube/, (route) => {
    videoRequests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<p>video</p>" });
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(videoRequests).toEqual([]);
  // A drawn poster frame from our own origin, not a gradient.
  const poster = page.getByRole("button", { name: /Play video/ }).locator("img");
  await expect(poster).toHaveAttribute("src", /^\/assets\/poster-jordan-ellery-[\w-]+\.svg$/);
  await expect(poster).toHaveAttribute("width", "1280");
  await page.getByRole("button", { name: /Play video/ }).click();
  const frame = page.locator("iframe[src*='youtube-nocookie.com/embed/']");
  await expect(frame).toBeVisible();
  expect(videoRequests.length).toBeGreaterThan(0);
});

test("the home page carries its full metadata in the server HTML", async ({ request, baseURL }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  const origin = baseURL ?? "";
  expect(html).toContain("<title>Northstory | Make Marketing That People Want</title>");
  expect(html).toMatch(/<meta name="description" content="Founder-led content[^"]+"/);
  expect(html).toContain(`<link rel="canonical" href="${origin}/"`);
  for (const property of [
    "og:title",
    "og:description",
    "og:url",
    "og:type",
    "og:image",
    "og:image:width",
    "og:image:alt",
  ]) {
    expect(html).toContain(`property="${property}"`);
  }
  expect(html).toContain(`property="og:image" content="${origin}/social/pages/home.png"`);
  expect(html).toContain('name="twitter:card" content="summary_large_image"');
  expect(html).toContain('name="keywords"');
  expect(html).toContain('"@type":"Organization"');
  const image = await request.get("/social/pages/home.png");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
});

test("an unknown path shows the not-found page with status 404 and logs the path", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await expect.poll(() => errors.some((e) => e.includes("/no/such/page"))).toBe(true);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Make Marketing That People Want",
  );
});

test("a slim progress bar shows while a client-side navigation loads", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/contact.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
  const bar = page.getByRole("progressbar", { name: "Loading page" });
  await expect(bar).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Drop us a line." })).toBeVisible();
  await expect(bar).toBeHidden();
});
