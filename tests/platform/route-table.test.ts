import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { routeTable, type RouteEntry } from '../../dev-server/http/route-table.ts';
import { API_MODULES } from '../../dev-server/api-modules.ts';

const answering = (name: string): RouteEntry['handlers'] => [(_req, res) => void res.json({ by: name })];
const entry = (path: string, source: string): RouteEntry => ({
  method: 'get',
  path,
  source,
  handlers: answering(source),
});

let close: (() => void) | undefined;
afterEach(() => close?.());
async function ask(entries: RouteEntry[], path: string) {
  const app = express().use(routeTable(entries));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  close = () => server.close();
  return (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`)).json();
}

describe('the route table: the paths decide which route answers, not the order modules are listed in', () => {
  it('a fixed word answers before a parameter at the same place, whichever was declared first', async () => {
    const routes = [entry('/claim/:id', 'show'), entry('/claim/rules', 'rules'), entry('/claim/:id/payments', 'paid')];
    expect(await ask(routes, '/claim/rules')).toEqual({ by: 'rules' });
    expect(await ask([...routes].reverse(), '/claim/rules')).toEqual({ by: 'rules' });
    expect(await ask(routes, '/claim/7')).toEqual({ by: 'show' });
    expect(await ask(routes, '/claim/7/payments')).toEqual({ by: 'paid' });
  });

  it('two declarations of the same method and path are refused at start, naming both', () => {
    expect(() => routeTable([entry('/user/:id', 'Identity'), entry('/user/:ssn', 'the user resource')])).toThrow(
      'GET /user/:ssn: Identity and the user resource',
    );
  });

  it("each of the product's modules has a name of its own: its routes' OpenAPI tag", () => {
    expect(API_MODULES.length).toBeGreaterThan(15);
    const names = API_MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
