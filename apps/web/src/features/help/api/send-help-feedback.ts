import { helpFeedbackCountsSchema, type HelpFeedbackInput } from '@leadcapture/contracts/help';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /help/feedback/` (no sign-in): one "Was this helpful?" answer; answers the article's counts. */
export function useSendHelpFeedback() {
  return useMutation({
    mutationFn: (input: HelpFeedbackInput) =>
      api.post('/help/feedback/', input, { schema: helpFeedbackCountsSchema, quiet: true }),
  });
}
