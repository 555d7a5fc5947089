import { useQuery } from '@tanstack/react-query';
import { Camera, CameraOff, Keyboard } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { eventListQueryOptions } from '../../events/api/events.ts';
import { boothQuery, parseScan, type ScanResult } from '../utils/parse-scan.ts';

type CameraState = 'idle' | 'starting' | 'scanning' | 'denied' | 'unavailable';

/** A frame decoder: BarcodeDetector where the browser has it, else jsQR (loaded on first use). */
type Decode = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

async function makeDecoder(): Promise<Decode> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    // A smaller frame decodes in a few ms on a phone; badges are held close.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/**
 * The Lobby's "Scan QR": reads a visitor's badge or business card (vCard, MECARD, an email, a
 * link) with the camera and opens the booth form of the chosen event, prefilled; an event's own
 * QR code opens that event. Without a camera, or when it is refused, the booth form is one tap
 * away for typing.
 */
export function ScanPage() {
  const { t } = useTranslation('dashboard');
  const { lp } = useLocalizedPath();
  const navigate = useNavigate();
  const events = useQuery({ ...eventListQueryOptions({ status: 'active', pageSize: 100 }), staleTime: 60_000 });
  const live = events.data?.results ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const event = live.find((e) => e.id === chosen) ?? (live.length === 1 ? live[0] : undefined);
  const [camera, setCamera] = useState<CameraState>('idle');
  const [unread, setUnread] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const eventRef = useRef(event);
  useEffect(() => {
    eventRef.current = event;
  }, [event]);

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const handle = useCallback(
    (result: ScanResult): boolean => {
      if (result.kind === 'event') {
        const target = (events.data?.results ?? []).find(
          (e) =>
            (result.shortCode !== undefined && e.short_url.endsWith(`/p/${result.shortCode}`)) ||
            (result.slug !== undefined && e.slug === result.slug),
        );
        if (!target) {
          setUnread(t('scan.otherEvent'));
          return false;
        }
        stop();
        void navigate(lp(`/events/${target.id}`));
        return true;
      }
      if (result.kind === 'contact') {
        const current = eventRef.current;
        if (!current) {
          setUnread(t('scan.chooseFirst'));
          return false;
        }
        stop();
        void navigate(lp(`/events/${current.id}/booth?${boothQuery(result.contact)}`));
        return true;
      }
      setUnread(t('scan.noContact'));
      return false;
    },
    [events.data, lp, navigate, stop, t],
  );
  // The scanning loop reads the latest handler (events load, the event changes) through a ref.
  const handleRef = useRef(handle);
  useEffect(() => {
    handleRef.current = handle;
  }, [handle]);

  async function start() {
    setUnread(null);
    setCamera('starting');
    if (!('mediaDevices' in navigator)) {
      setCamera('unavailable');
      return;
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
    } catch (err) {
      setCamera(err instanceof DOMException && err.name === 'NotAllowedError' ? 'denied' : 'unavailable');
      return;
    }
    const element = video.current;
    if (!element) return;
    element.srcObject = stream.current;
    await element.play().catch(() => undefined);
    setCamera('scanning');
    const decode = await makeDecoder();
    let last = '';
    const tick = async () => {
      if (!stream.current) return;
      const text = await decode(element).catch(() => null);
      // The same unreadable code in front of the camera is told once, not every frame.
      if (text && text !== last) {
        last = text;
        if (handleRef.current(parseScan(text, window.location.origin))) return;
      }
      window.setTimeout(() => void tick(), 120);
    };
    void tick();
  }

  const boothLink = event ? lp(`/events/${event.id}/booth`) : null;
  const blocked = camera === 'denied' || camera === 'unavailable';

  return (
    <div className="mx-auto grid w-full max-w-xl gap-5">
      <BackLink to={lp('/dashboard')}>{t('scan.back')}</BackLink>
      <PageHeader title={t('scan.title')} description={t('scan.description')} />

      {events.isSuccess && live.length === 0 ? (
        <Card>
          <CardContent className="grid gap-3 pt-6">
            <p className="text-sm text-muted-foreground">{t('scan.noLiveEvent')}</p>
            <Button asChild variant="outline" className="min-h-11 justify-self-start">
              <Link to={lp('/events')}>{t('scan.toEvents')}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        live.length > 1 && (
          <Select
            aria-label={t('scan.event')}
            className="[&_select]:min-h-11"
            value={event?.id ?? ''}
            placeholder={t('scan.chooseEvent')}
            onChange={(e) => setChosen(e.target.value || null)}
            options={live.map((e) => ({ value: e.id, label: e.name }))}
          />
        )
      )}

      <Card>
        <CardContent className="grid gap-4 pt-6">
          {/* At most half the screen's height: on a laptop (1366x768) the Start button stays in view. */}
          <div className="relative mx-auto aspect-square w-full max-w-[min(100%,50vh)] overflow-hidden rounded-xl bg-muted ring-1 ring-border">
            <video
              ref={video}
              muted
              playsInline
              aria-label={t('scan.viewfinder')}
              className={camera === 'scanning' ? 'size-full object-cover' : 'hidden'}
            />
            {camera !== 'scanning' && (
              <div className="absolute inset-0 grid place-items-center p-6 text-center text-muted-foreground">
                {blocked ? (
                  <CameraOff aria-hidden="true" className="size-10" />
                ) : (
                  <Camera aria-hidden="true" className="size-10" />
                )}
              </div>
            )}
          </div>

          {blocked ? (
            <div
              role="alert"
              className="grid gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-foreground"
            >
              <p className="font-semibold">
                {camera === 'denied' ? t('scan.deniedTitle') : t('scan.unavailableTitle')}
              </p>
              <p>{camera === 'denied' ? t('scan.deniedBody') : t('scan.unavailableBody')}</p>
            </div>
          ) : (
            camera !== 'scanning' && (
              <Button
                type="button"
                className="min-h-11"
                disabled={camera === 'starting' || (!event && live.length > 0)}
                onClick={() => void start()}
              >
                <Camera aria-hidden="true" />
                {t('scan.start')}
              </Button>
            )
          )}
          {camera === 'scanning' && <p className="text-center text-sm text-muted-foreground">{t('scan.aim')}</p>}
          <p role="status" className="text-center text-sm font-medium text-foreground empty:hidden">
            {unread ?? ''}
          </p>
          {boothLink && (
            <Button asChild variant={blocked ? 'primary' : 'outline'} className="min-h-11">
              <Link to={boothLink}>
                <Keyboard aria-hidden="true" />
                {t('scan.manual')}
              </Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
