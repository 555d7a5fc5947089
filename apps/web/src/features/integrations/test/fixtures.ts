import {
  INTEGRATION_CATALOGUE,
  INTEGRATION_KINDS,
  type Integration,
  type IntegrationKind,
} from '@leadcapture/contracts/integrations';
import { me } from '../../../test/fake-server.ts';

export function meAs(role: 'owner' | 'admin' | 'member' | 'viewer') {
  const organization = { ...me.current_organization, role };
  return { ...me, organizations: [organization], current_organization: organization };
}

export const ids: Record<IntegrationKind, string> = {
  hubspot: '10000000-0000-4000-8000-000000000001',
  salesforce: '10000000-0000-4000-8000-000000000002',
  mailchimp: '10000000-0000-4000-8000-000000000003',
  slack: '10000000-0000-4000-8000-000000000004',
  microsoft_teams: '10000000-0000-4000-8000-000000000005',
  zapier: '10000000-0000-4000-8000-000000000006',
};

/** A kind as the list answers it: never connected unless `changes` say otherwise. */
export function integration(kind: IntegrationKind, changes: Partial<Integration> = {}): Integration {
  const info = INTEGRATION_CATALOGUE[kind];
  return {
    id: null,
    kind,
    name: info.name,
    category: info.category,
    status: 'available',
    last_synced_at: null,
    config: {},
    error: null,
    error_at: null,
    requires_feature: info.feature,
    connected_at: null,
    connected_by: null,
    synced_leads: 0,
    authorization_url: null,
    ...changes,
  };
}

export function list(overrides: Partial<Record<IntegrationKind, Partial<Integration>>> = {}): Integration[] {
  return INTEGRATION_KINDS.map((kind) => integration(kind, overrides[kind]));
}

export const noHooks = { results: [], count: 0, next: null, previous: null };
