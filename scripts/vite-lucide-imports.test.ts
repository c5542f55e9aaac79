import { expect, test } from "vitest";
import { lucideIconFiles, splitLucideImports } from "./vite-lucide-imports.ts";

const files = lucideIconFiles();

test("each icon name the package exports leads to its file, aliases included", () => {
  expect(files.get("Check")).toBe("check");
  expect(files.get("CheckIcon")).toBe("check");
  expect(files.get("Heading2")).toBe("heading-2");
  // An old name of a renamed icon.
  expect(files.get("CheckCircle")).toBe(files.get("CircleCheckBig"));
});

test("icon imports are split one per file, on as many lines, types kept as types", () => {
  const code = `import {\n  Check,\n  type LucideIcon,\n  X as Close,\n} from "lucide-react";\nconst a = 1;\n`;
  const split = splitLucideImports(code, files) ?? "";
  expect(split).toBe(
    `import type { LucideIcon } from "lucide-react"; import Check from "lucide-react/icons/check"; import Close from "lucide-react/icons/x";\n\n\n\n\nconst a = 1;\n`,
  );
  expect(split.split("\n").length).toBe(code.split("\n").length);
});

test("a module without icon imports, or importing something that is not an icon, is left alone", () => {
  expect(splitLucideImports(`import { useState } from "react";`, files)).toBeUndefined();
  expect(
    splitLucideImports(`import type { LucideIcon } from "lucide-react";`, files),
  ).toBeUndefined();
  expect(
    splitLucideImports(`import { Check, createLucideIcon } from "lucide-react";`, files),
  ).toBeUndefined();
});
