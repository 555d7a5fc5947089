import type { IntegrationKind } from '@leadcapture/contracts/integrations';

/**
 * Each tool's mark: its initials on its brand colour. Logos are the vendors' trademarks and are
 * not shipped; the colour and the name beside it make the card recognisable.
 */
const MARKS: Record<IntegrationKind, { letters: string; className: string }> = {
  hubspot: { letters: 'Hs', className: 'bg-[#ff7a59] text-[#2d1208]' },
  salesforce: { letters: 'Sf', className: 'bg-[#0b5cab] text-white' },
  mailchimp: { letters: 'Mc', className: 'bg-[#ffe01b] text-[#241c15]' },
  slack: { letters: 'Sl', className: 'bg-[#4a154b] text-white' },
  microsoft_teams: { letters: 'Te', className: 'bg-[#4b53bc] text-white' },
  zapier: { letters: 'Za', className: 'bg-[#ff4f00] text-[#1f0a02]' },
};

export function IntegrationMark({ kind }: { kind: IntegrationKind }) {
  const mark = MARKS[kind];
  return (
    <span
      aria-hidden="true"
      className={`flex size-11 shrink-0 items-center justify-center rounded-xl text-sm font-bold tracking-tight ${mark.className}`}
    >
      {mark.letters}
    </span>
  );
}
