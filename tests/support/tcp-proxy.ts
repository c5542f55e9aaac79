import net from "node:net";

/** A loopback TCP proxy that can cut every connection, to take a database "down". */
export async function startTcpProxy(targetPort: number, targetHost = "127.0.0.1") {
  const sockets = new Set<net.Socket>();
  let accepting = true;
  const server = net.createServer((client) => {
    if (!accepting) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    port,
    /** Refuses new connections and cuts open ones. */
    cut() {
      accepting = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      accepting = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A service that is down until `comeUp()`: its address, a proxy in front of `targetPort`,
 * drops every connection until then. The address is held the whole time, so no other test
 * can take its port meanwhile (freeing a port and listening on it later races with every
 * other test's servers, and the loser waits forever).
 */
export async function downUntilUp(targetPort: number) {
  const proxy = await startTcpProxy(targetPort);
  proxy.cut();
  return {
    port: proxy.port,
    comeUp: () => proxy.restore(),
    async close() {
      proxy.cut();
      await proxy.close();
    },
  };
}
