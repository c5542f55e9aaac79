const t0 = performance.now();
const rel = process.argv[2];
const build = await import(rel + "/server/index.js");
console.log("import server bundle", Math.round(performance.now() - t0));
const { PGlite } = await import("@electric-sql/pglite");
const t1 = performance.now();
const p = new PGlite(process.argv[3]);
await p.query("select 1");
console.log("pglite open existing", Math.round(performance.now() - t1));
