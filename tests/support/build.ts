import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The build tests drive: the test build (build-test/, which the test commands make or bring
 * up to date first), never whatever `npm start` left in build/. BUILD_DIR names another.
 */
export const testBuildDir = process.env.BUILD_DIR || "build-test";
export const testBuildRoot = path.resolve(root, testBuildDir);
