import { LIVE_PATHS, type LiveMessage } from '@leadcapture/contracts/live';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../auth/api/me.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { refreshAccessToken } from '../../../lib/api-client.ts';
import { publishLive, setLiveOpen } from '../../../lib/live-bus.ts';
import { getSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { openLiveConnection } from '../live-connection.ts';
import { assignedLead, createInvalidator, RECONNECT_KEYS, staleKeys } from '../live-updates.ts';

/** How long after a new-lead toast further leads assigned to the user are gathered into one toast. */
export const TOAST_BURST_MS = 2000;

/** ws(s)://<this origin>/ws/organizations/{id}/?token=…: the server speaks on the page's own origin. */
export function liveUrl(
  organizationId: string,
  token: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${LIVE_PATHS.organization(organizationId)}?token=${encodeURIComponent(token)}`;
}

/**
 * Keeps the signed-in shell live: one socket on the current organisation's channel, opened while
 * this is mounted (the dashboard layout, i.e. signed in) and reopened on an organisation switch.
 * Messages mark the lists, the event pages, the Lobby, the analytics page and the bell stale
 * (coalesced), and a new lead assigned to this user raises a toast linking to it. Renders nothing.
 */
export function LiveUpdates({ WebSocketImpl }: { WebSocketImpl?: typeof WebSocket }) {
  const me = useCurrentUser();
  const organizationId = me.current_organization?.id ?? null;
  const userId = me.id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { lp } = useLocalizedPath();
  // Read at message time: a language change must not reopen the socket.
  const linkTo = useRef((id: string) => lp(`/leads/${id}`));
  const mine = useRef(() => lp('/leads?assigned_to=me'));
  const go = useRef(navigate);
  useEffect(() => {
    linkTo.current = (id: string) => lp(`/leads/${id}`);
    mine.current = () => lp('/leads?assigned_to=me');
    go.current = navigate;
  });

  useEffect(() => {
    if (organizationId === null) return;
    const invalidator = createInvalidator(queryClient);
    // A burst of leads assigned to this user (a rush at the booth, held captures released by an
    // upgrade) is one toast for the first and one for the rest of each TOAST_BURST_MS, not one each.
    const burst: { timer: ReturnType<typeof setTimeout> | undefined; more: number } = { timer: undefined, more: 0 };
    const flush = () => {
      const more = burst.more;
      burst.more = 0;
      burst.timer = more > 0 ? setTimeout(flush, TOAST_BURST_MS) : undefined;
      if (more === 0) return;
      void i18n.loadNamespaces('leads').then(() =>
        toast.info(i18n.t('leads:live.moreAssigned', { count: more }), {
          action: { label: i18n.t('leads:live.openMine'), onClick: () => void go.current(mine.current()) },
        }),
      );
    };
    const announce = async (message: LiveMessage) => {
      const lead = assignedLead(message, userId);
      if (!lead) return;
      if (burst.timer !== undefined) {
        burst.more += 1;
        return;
      }
      burst.timer = setTimeout(flush, TOAST_BURST_MS);
      await i18n.loadNamespaces('leads');
      toast.info(i18n.t('leads:live.assignedTitle'), {
        message: lead.company ? i18n.t('leads:live.assignedMessage', lead) : lead.name,
        action: { label: i18n.t('leads:live.open'), onClick: () => void go.current(linkTo.current(lead.id)) },
      });
    };
    const connection = openLiveConnection({
      url: (token) => liveUrl(organizationId, token),
      getToken: () => getSession().accessToken,
      refreshToken: refreshAccessToken,
      onOpen: (reopened) => {
        setLiveOpen(true);
        if (reopened) invalidator.add(RECONNECT_KEYS);
      },
      onClose: () => setLiveOpen(false),
      onMessage: (message) => {
        invalidator.add(staleKeys(message));
        publishLive(message);
        void announce(message);
      },
      ...(WebSocketImpl ? { WebSocket: WebSocketImpl } : {}),
    });
    return () => {
      setLiveOpen(false);
      connection.close();
      invalidator.cancel();
      clearTimeout(burst.timer);
    };
  }, [organizationId, userId, queryClient, WebSocketImpl]);

  return null;
}
