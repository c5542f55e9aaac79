import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded images' files live. The server uses files under DATA_DIR/media; several
 * copies on several machines need one shared store instead: implement these two methods
 * over an object store (S3, R2, GCS: put with the content type, get by key) and return it
 * from `createMediaStorage` (docs/blog.md, "Images").
 */
export type MediaStorage = {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
};

const contentTypes: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
};

/** Keys are ours ("images/<id>/<width>.avif"); anything else is refused before the disk. */
const keyPattern = /^images\/[a-f0-9]{32}\/\d{2,5}\.(?:avif|webp)$/;

export function createFileStorage(directory: string): MediaStorage {
  const fileFor = (key: string) => {
    if (!keyPattern.test(key)) throw new Error(`Not a media key: ${key}`);
    return path.join(directory, ...key.split("/"));
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async get(key) {
      if (!keyPattern.test(key)) return null;
      try {
        const body = await readFile(fileFor(key));
        return { body, contentType: contentTypes[path.extname(key)] ?? "application/octet-stream" };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}

/** The store the server uses: files under DATA_DIR/media. */
export function createMediaStorage(dataDir: string): MediaStorage {
  return createFileStorage(path.join(dataDir, "media"));
}
