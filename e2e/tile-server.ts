import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { solidPng } from './helpers';

/** The map's tile server in the browser tests: one PNG for every /z/x/y.png, or down when told. */
export interface TileServer {
  /** MAP_TILE_URL for the app server. */
  url: string;
  /** Tiles asked for so far. */
  served(): number;
  /** Down: every connection is dropped, as a tile server that has gone away. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

const TILE = solidPng(256, 256, [222, 235, 214]);

export async function startTileServer(): Promise<TileServer> {
  let down = false;
  let served = 0;
  const server = http.createServer((request, response) => {
    if (down) {
      request.socket.destroy();
      return;
    }
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    served += 1;
    // The map asks with CORS, so that the service worker may keep the tiles.
    response.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'max-age=86400' }).end(TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    served: () => served,
    setDown: (value) => {
      down = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
