import { PLAN_IDS, planById, type PlanId } from '@leadcapture/contracts/plans';
import { useTranslation } from 'react-i18next';

const isPlanId = (value: string): value is PlanId => (PLAN_IDS as readonly string[]).includes(value);

/**
 * The console's words for the codes it reads about an organisation: the plan's own name, and the
 * subscription status, member role and member status as the tenant app says them. A code the
 * app has no word for yet is shown as it is, never blank.
 */
export function useStaffLabels() {
  const { t } = useTranslation(['billing', 'common', 'team']);
  return {
    plan: (id: string | null) => (id === null ? '–' : isPlanId(id) ? planById(id).name : id),
    subscription: (status: string | null) =>
      status === null ? '–' : t(`billing:status.${status}`, { defaultValue: status }),
    role: (role: string) => t(`common:roles.${role}`, { defaultValue: role }),
    memberStatus: (status: string) => t(`team:status.${status}`, { defaultValue: status }),
  };
}
