import { contactReceiptSchema, type ContactMessageInput } from '@leadcapture/contracts/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /contact/` (sign-in optional; a signed-in sender is named to support): the message goes to the support inbox, answered within 24 hours. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageInput) =>
      api.post('/contact/', input, { schema: contactReceiptSchema, quiet: true }),
  });
}
