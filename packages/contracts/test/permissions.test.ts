import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  AUTHENTICATED,
  BODY_DEPENDENT_PATHS,
  isPermissionKey,
  mayCall,
  PERMISSION_KEYS,
  PERMISSIONS,
  PUBLIC,
  ROUTE_PERMISSIONS,
  routePermission,
  SPEC_PERMISSION_KEYS,
} from '../src/index.js';

describe('permission keys', () => {
  it('include every key the QC area spec lists', () => {
    for (const key of [
      'qc-scheme.edit',
      'qc-scheme.delete',
      'qc-rule.edit',
      'qc-rule.delete',
      'qc-ai-result.view',
      'qc-ai-result.edit',
      'qc-manual-result.view',
      'qc-manual-result.edit',
      'qc-manual-result.status',
      'qc-task.edit',
      'cs-censor-ban.edit',
      'ban.delete',
      'cs-censor-log.export',
    ])
      expect(SPEC_PERMISSION_KEYS, key).toContain(key);
  });
  it('are unique', () => {
    expect(new Set(PERMISSION_KEYS).size).toBe(PERMISSION_KEYS.length);
  });
});

describe('ROUTE_PERMISSIONS', () => {
  it('references only existing keys (or public / authenticated)', () => {
    for (const [path, access] of Object.entries(ROUTE_PERMISSIONS)) {
      expect(access === PUBLIC || access === AUTHENTICATED || isPermissionKey(access), path).toBe(true);
    }
  });
  it('covers every QC call of the spec', () => {
    const spec = [
      '/v3/chats/qc-angle/detail',
      '/v3/chats/qc-angle/create',
      '/v3/chats/qc-angle/change',
      '/v3/chats/qc-angle/delete',
      '/v3/chats/qc-angle-rule/create',
      '/v3/chats/qc-angle-rule/delete',
      '/v3/chats/ai-result/page',
      '/v3/chats/ai-result/list',
      '/v3/chats/ai-result/detail',
      '/v3/chats/ai-result/create',
      '/v3/chats/ai-result/detail-complaint',
      '/v3/chats/qc-manual-result/page',
      '/v3/chats/qc-manual-result/list',
      '/v3/chats/qc-manual-result/detail',
      '/v3/chats/qc-manual-result/create',
      '/v3/chats/qc-manual-result/detail-complaint',
      '/v3/chats/session/quality-status',
      '/v3/chats/complaint/page',
      '/v3/chats/complaint/list',
      '/v3/chats/complaint/create',
      '/v3/chats/complaint/change',
      '/v3/chats/qc-scheme/page',
      '/v3/chats/qc-scheme/list',
      '/v3/chats/qc-scheme/detail',
      '/v3/chats/qc-scheme/create',
      '/v3/chats/qc-scheme/change',
      '/v3/chats/qc-scheme/delete',
      '/v3/chats/qc-scheme/status',
      '/v3/chats/qc-rule/page',
      '/v3/chats/qc-rule/list',
      '/v3/chats/qc-rule/detail',
      '/v3/chats/qc-rule/create',
      '/v3/chats/qc-rule/change',
      '/v3/chats/qc-rule/delete',
      '/v3/chats/qc-rule/detail-outId',
      '/v3/chats/qc-task/page',
      '/v3/chats/qc-task/list',
      '/v3/chats/qc-task/detail',
      '/v3/chats/qc-task/create',
      '/v3/chats/qc-task/change',
      '/v3/chats/qc-task/status',
    ];
    for (const path of spec) expect(API_PATHS, path).toContain(path);
  });
  it('gates writes with the spec keys', () => {
    expect(ROUTE_PERMISSIONS['/v3/chats/qc-scheme/status']).toBe('qc-scheme.edit');
    expect(ROUTE_PERMISSIONS['/v3/chats/qc-scheme/delete']).toBe('qc-scheme.delete');
    expect(ROUTE_PERMISSIONS['/v3/chats/qc-angle-rule/delete']).toBe('qc-scheme.edit');
    expect(ROUTE_PERMISSIONS['/v3/chats/ai-result/create']).toBe('qc-ai-result.edit');
    expect(ROUTE_PERMISSIONS['/v3/chats/qc-manual-result/create']).toBe('qc-manual-result.edit');
    expect(ROUTE_PERMISSIONS['/v3/chats/qc-task/status']).toBe('qc-task.edit');
    expect(ROUTE_PERMISSIONS['/v3/auth/login']).toBe(PUBLIC);
    expect(ROUTE_PERMISSIONS['/v3/auth/me']).toBe(AUTHENTICATED);
  });
  it('quality-status: move to be inspected needs .status, release needs .edit', () => {
    const path = '/v3/chats/session/quality-status';
    expect(routePermission(path, { ids: ['s'], status: 'READY_CHECKED' })).toBe('qc-manual-result.status');
    expect(routePermission(path, { ids: ['s'], status: 'UNCHECKED' })).toBe('qc-manual-result.edit');
    expect(mayCall(['qc-manual-result.edit'], path, { status: 'UNCHECKED' })).toBe(true);
    expect(mayCall(['qc-manual-result.edit'], path, { status: 'READY_CHECKED' })).toBe(false);
  });
  it('complaints: filing needs .edit, reviewing (change, or create with complaint.id) needs .review', () => {
    expect(PERMISSIONS['qc-complaint.edit']).toMatchObject({ source: 'qcdesk', zh: '提交申诉', en: 'File complaints' });
    expect(PERMISSIONS['qc-complaint.review']).toMatchObject({
      source: 'qcdesk',
      zh: '审核申诉',
      en: 'Review complaints',
    });
    expect(SPEC_PERMISSION_KEYS).not.toContain('qc-complaint.review');
    const create = '/v3/chats/complaint/create';
    const review = { complaint: { id: '7', status: 'ACTIVE', commonReason: '属实' } };
    expect(routePermission(create, { type: 'AI', sessionId: 's', resultId: '1', reason: '冤' })).toBe(
      'qc-complaint.edit',
    );
    expect(routePermission(create)).toBe('qc-complaint.edit');
    expect(routePermission(create, review)).toBe('qc-complaint.review');
    expect(routePermission('/v3/chats/complaint/change', review)).toBe('qc-complaint.review');
    expect(routePermission('/v3/chats/complaint/change')).toBe('qc-complaint.review');
    expect(mayCall(['qc-complaint.edit'], create, review)).toBe(false);
    expect(mayCall(['qc-complaint.edit'], create, {})).toBe(true);
    expect(mayCall(['qc-complaint.review'], create, review)).toBe(true);
    expect(mayCall(['qc-complaint.review'], create, {})).toBe(false);
  });
  it('lists every route the server defines, the session import under its own key', () => {
    expect(PERMISSIONS['chat-session.import']).toMatchObject({
      source: 'qcdesk',
      zh: '导入会话',
      en: 'Import sessions',
    });
    expect(ROUTE_PERMISSIONS['/v3/chats/session/import']).toBe('chat-session.import');
    expect(ROUTE_PERMISSIONS['/v3/chats/qc-task/progress']).toBe('qc-task.view');
    expect(ROUTE_PERMISSIONS['/v3/chats/qc-task/delete']).toBe('qc-task.edit');
    expect(ROUTE_PERMISSIONS['/v3/chats/qc-task/rerun']).toBe('qc-task.edit');
    expect(ROUTE_PERMISSIONS['/v3/chats/qc-rule/status']).toBe('qc-rule.edit');
    for (const path of ['/v3/auth/token/create', '/v3/auth/token/list', '/v3/auth/token/revoke'])
      expect(ROUTE_PERMISSIONS[path as keyof typeof ROUTE_PERMISSIONS], path).toBe(AUTHENTICATED);
    expect(ROUTE_PERMISSIONS['/v3/worker/center/download']).toBe(AUTHENTICATED);
    expect(mayCall(['qc-task.view'], '/v3/chats/qc-task/rerun')).toBe(false);
    expect(mayCall(['chat-session.import'], '/v3/chats/session/import')).toBe(true);
    for (const path of BODY_DEPENDENT_PATHS) expect(API_PATHS).toContain(path);
  });
  it('mayCall: keys, public, authenticated, unknown paths', () => {
    expect(mayCall(new Set(['qc-ai-result.view']), '/v3/chats/ai-result/page')).toBe(true);
    expect(mayCall([], '/v3/chats/ai-result/page')).toBe(false);
    expect(mayCall([], '/v3/auth/login')).toBe(true);
    expect(mayCall([], '/v3/chats/session/detail')).toBe(true);
    expect(mayCall(PERMISSION_KEYS, '/v3/chats/nothing-here')).toBe(false);
    expect(routePermission('/v3/chats/nothing-here')).toBeNull();
  });
});
