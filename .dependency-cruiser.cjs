// Module boundaries, checked by `npm run lint` (its `lint:deps` part runs
// scripts/check-dependencies.ts, which cruises app/ and scripts/ with this file). Why each
// rule exists: docs/decisions/029-module-boundaries.md. Every rule is an error: fix the
// code, not the rule.
//
// One rule is not here because dependency-cruiser cannot express it: no cycle between the
// folders directly under app/.server/ (auth, blog, contact, db, leads, mail, ...), counting
// the folders inside each (leads/channels is part of leads). Its `scope: "folder"` rules
// see each module's own folder only, so a cycle through a nested folder goes unseen, and
// `reachable`/`via` work on modules, not folders. scripts/check-dependencies.ts checks it on
// the same cruise.

/** The back office's own code: its routes, its components, and what only it and the server use. */
const backOffice = ["^app/routes/admin[.]", "^app/components/admin/", "^app/lib/back-office"];

/** Server code: app/.server/ and React Router's server-only modules (`*.server.ts`). */
const server = ["^app/[.]server/", "[.]server[.][jt]sx?$"];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "Modules that import each other, even for a type, cannot be understood, tested or " +
        "moved apart, and a value cycle makes evaluation order matter. Move what both need " +
        "into a module of its own, or pass it in from where the two are put together.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "public-not-to-back-office",
      comment:
        "Public pages must carry none of the back office (docs/decisions/022: a first view's " +
        "scripts stay under budget, and the back office's code is not advertised to visitors). " +
        "tests/integration/bundle.test.ts checks the built chunks; this rule names the import " +
        "that would break it before a build. The back office is what vite.config.ts keeps out " +
        "of the shared chunk, plus the packages only it uses: CodeMirror (the post editor) " +
        "and SimpleWebAuthn's browser half (passkeys).",
      severity: "error",
      from: { path: "^app/", pathNot: [...backOffice, ...server] },
      to: {
        path: [
          ...backOffice,
          "^node_modules/@codemirror/",
          "^node_modules/@simplewebauthn/browser/",
        ],
      },
    },
    {
      name: "lib-not-to-content",
      comment:
        "app/lib holds generic helpers any page or server module may use; app/content holds " +
        "the site's copy and brand facts. Copy depends on helpers, never the reverse, so an " +
        "edit to copy never changes what a helper does. A helper that needs a fact takes it " +
        "as an argument (lib/seo.ts's pageMeta; content/seo.ts passes the site's name).",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^app/content/" },
    },
    {
      name: "browser-not-to-server",
      comment:
        "Only route modules (whose loaders and actions React Router removes from the browser " +
        "build), root.tsx (a route module too) and entry.server.tsx may import server code. " +
        "Components, lib, content and entry.client.tsx run in the browser. React Router's " +
        "build already refuses a server-only module that browser code reaches; this rule " +
        "says so at lint time, naming the import, and keeps the one way in visible.",
      severity: "error",
      from: {
        path: "^app/",
        pathNot: [...server, "^app/routes/", "^app/root[.]tsx$", "^app/entry[.]server[.]tsx$"],
      },
      to: { path: server },
    },
    {
      name: "not-to-unresolvable",
      comment:
        "Every import must resolve, or the rules above would silently skip it: this is what " +
        "fails if the `#app/*` and `#tests/*` imports (package.json) stop resolving. The " +
        "`./+types/…` imports are React Router's generated route types (`react-router " +
        "typegen`, found through tsconfig's rootDirs); the type check checks those. " +
        "`virtual:portraits` is made by a Vite plugin (scripts/vite-portraits.ts).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: ["(^|/)[+]types/", "^virtual:portraits$"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // TypeScript and JSX are read through Babel: see scripts/depcruise-typescript.cjs.
    babelConfig: { fileName: "scripts/depcruise-typescript.cjs" },
    // `#app/*` and `#tests/*` are package.json "imports" (subpath imports), which
    // enhanced-resolve follows by default (its `importsFields`); tsconfig.json has no
    // `paths`, so no tsConfig is needed (and reading one needs the TypeScript 6 API).
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
      mainFields: ["module", "main", "types"],
    },
    skipAnalysisNotInRules: true,
  },
};
