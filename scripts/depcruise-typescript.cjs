// How dependency-cruiser reads this project's TypeScript (named by .dependency-cruiser.cjs).
//
// dependency-cruiser parses .ts/.tsx with the `typescript` package's compiler API, which
// TypeScript 7 (the compiler this project uses) no longer has; it supports TypeScript
// below 7 or @swc/core, neither of which is installed. It can also run each file through
// Babel first, and @babel/core is installed (React Router's build uses it). Babel's own
// parser reads TypeScript and JSX; the plugin below then replaces each module with only
// what dependency-cruiser needs, one statement per module it depends on:
//
//   import "x";   for every import, `export … from`, and `import("x").T` in a type,
//                 type-only ones included (a type is a dependency between folders too);
//   import("x");  for every dynamic import with a literal specifier;
//   require("x"); for every require with one.
//
// Nothing else of the module is kept, so no TypeScript syntax reaches dependency-cruiser's
// JavaScript parser. The check refuses to run when @babel/core cannot be loaded
// (scripts/check-dependencies.ts), rather than silently reading nothing.

function keepDependenciesOnly({ types: t }) {
  const literal = (node) => (node?.type === "StringLiteral" ? node.value : null);
  return {
    visitor: {
      Program: {
        exit(program) {
          const imported = [];
          const dynamic = [];
          const required = [];
          program.traverse({
            "ImportDeclaration|ExportAllDeclaration|ExportNamedDeclaration"(path) {
              if (path.node.source) imported.push(path.node.source.value);
            },
            TSImportType(path) {
              const argument = path.node.argument;
              const specifier = literal(
                argument?.type === "TSLiteralType" ? argument.literal : argument,
              );
              if (specifier) imported.push(specifier);
            },
            CallExpression(path) {
              const { callee, arguments: args } = path.node;
              const specifier = literal(args[0]);
              if (!specifier) return;
              if (callee.type === "Import") dynamic.push(specifier);
              else if (callee.type === "Identifier" && callee.name === "require")
                required.push(specifier);
            },
            ImportExpression(path) {
              const specifier = literal(path.node.source);
              if (specifier) dynamic.push(specifier);
            },
          });
          const call = (callee, specifier) =>
            t.expressionStatement(t.callExpression(callee, [t.stringLiteral(specifier)]));
          program.node.directives = [];
          program.node.body = [
            ...imported.map((specifier) => t.importDeclaration([], t.stringLiteral(specifier))),
            ...dynamic.map((specifier) => call(t.import(), specifier)),
            ...required.map((specifier) => call(t.identifier("require"), specifier)),
          ];
        },
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  parserOpts: { plugins: ["typescript", "jsx"] },
  plugins: [keepDependenciesOnly],
};
