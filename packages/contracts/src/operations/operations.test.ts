import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { providerRoles, type Role } from '../enums.ts';
import { permissions } from '../permissions.ts';
import type { OperationContract } from './define.ts';
import { operationIds, operations } from './table.ts';

const pathParameters = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]).toSorted();

describe('the operations table', () => {
  it('gives each entry its key as operation id, and lists the ids in the order of the table', () => {
    for (const [key, operation] of Object.entries(operations)) expect(operation.operationId).toBe(key);
    expect(operationIds).toEqual(Object.keys(operations));
  });

  it('never gives two operations the same method and path', () => {
    const keys = Object.values(operations).map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares a params schema exactly for the parameters its path names', () => {
    for (const operation of Object.values(operations)) {
      const declared =
        'params' in operation && operation.params instanceof z.ZodObject
          ? Object.keys(operation.params.shape).toSorted()
          : [];
      expect({ id: operation.operationId, params: declared }).toEqual({
        id: operation.operationId,
        params: pathParameters(operation.path),
      });
    }
  });

  it('reads nothing from a body on GET and DELETE, and answers no body exactly with 204', () => {
    for (const operation of Object.values(operations)) {
      if (operation.method === 'GET' || operation.method === 'DELETE')
        expect('body' in operation).toBe(false);
      expect({ id: operation.operationId, noBody: operation.response === null }).toEqual({
        id: operation.operationId,
        noBody: operation.successStatus === 204,
      });
    }
  });

  it('grants public operations to guests, login ones to every signed-in person, the rest by role', () => {
    for (const { operationId, access } of Object.values(operations)) {
      expect(permissions.guest.includes(operationId)).toBe(access === 'public');
      expect(permissions.client.includes(operationId)).toBe(access === 'login');
      if (typeof access === 'object') {
        for (const role of access.roles) expect(permissions[role]).toContain(operationId);
      }
    }
  });

  it('keeps web operations under /api/v1/web, staff ones under /api/v1/admin, provider ones under /api/v1/provider', () => {
    for (const { path, access } of Object.values<OperationContract>(operations)) {
      const roles: readonly Role[] = typeof access === 'object' ? access.roles : [];
      if (roles.includes('admin')) expect(path.startsWith('/api/v1/admin/')).toBe(true);
      if (path.startsWith('/api/v1/admin/')) expect(typeof access).toBe('object');
      // Only provider staff reach the provider API, and every provider role reaches all of it: what a
      // role sees inside a provider is the scope's business, not the permission table's.
      if (path.startsWith('/api/v1/provider/')) expect([...roles].sort()).toEqual([...providerRoles].sort());
      if (roles.some((role) => (providerRoles as readonly Role[]).includes(role))) {
        expect(path.startsWith('/api/v1/provider/')).toBe(true);
      }
    }
  });
});
