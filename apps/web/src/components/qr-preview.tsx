import { QueryError, QueryLoading } from './ui/query-state.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** What QrPreview reads of a QR code query (lib/qr-code.ts `useQrCode`). */
export interface QrQueryLike {
  url: string | null;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A QR code in its square: the image, a grey square marked busy while it loads, or the failure
 * with a retry. The square is white in both themes (a code scans dark on light), so the failure's
 * text is dark there; the retry is left off paper.
 */
export function QrPreview({
  qr,
  alt,
  failedMessage,
  className,
}: {
  qr: QrQueryLike;
  alt: string;
  failedMessage: string;
  className?: string;
}) {
  if (qr.url !== null) return <img src={qr.url} alt={alt} className={className} />;
  if (qr.isError)
    return (
      <QueryError
        compact
        message={failedMessage}
        onRetry={() => void qr.refetch()}
        className="size-full content-center justify-items-center p-2 text-center text-slate-700 print:[&_button]:hidden"
      />
    );
  return (
    <QueryLoading className="size-full">
      <Skeleton className="size-full bg-slate-100" />
    </QueryLoading>
  );
}
