import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';

/** The bytes of a base64 `data:` URL. */
export function dataUrlBytes(url: string): ArrayBuffer | null {
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(url);
  if (!match) return null;
  try {
    const binary = atob(match[1]!);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  } catch {
    return null;
  }
}

/**
 * The recording with the browser's own controls. If the element cannot play it (a content security
 * policy without `media-src data:`, or an unsupported codec) the bytes are decoded with Web Audio,
 * which no policy blocks, behind a Play button.
 */
export function AudioPlayer({ src }: { src: string }) {
  const { t } = useTranslation('worker');
  const [fallback, setFallback] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const context = useRef<AudioContext | null>(null);
  const source = useRef<AudioBufferSourceNode | null>(null);

  useEffect(
    () => () => {
      source.current?.stop();
      void context.current?.close();
    },
    [],
  );

  const play = async () => {
    if (playing) {
      source.current?.stop();
      return;
    }
    const bytes = dataUrlBytes(src);
    const Ctx = typeof window === 'undefined' ? undefined : window.AudioContext;
    if (!bytes || !Ctx) {
      setFailed(true);
      return;
    }
    try {
      context.current ??= new Ctx();
      const buffer = await context.current.decodeAudioData(bytes);
      const node = context.current.createBufferSource();
      node.buffer = buffer;
      node.connect(context.current.destination);
      node.onended = () => setPlaying(false);
      source.current = node;
      node.start();
      setPlaying(true);
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className="worker-audio">
      {!fallback ? (
        <audio controls src={src} preload="auto" className="worker-audio__player" onError={() => setFallback(true)}>
          {t('solver.audio.unsupported')}
        </audio>
      ) : (
        <Button variant="secondary" size="lg" onClick={() => void play()}>
          {playing ? t('solver.audio.stop') : t('solver.audio.play')}
        </Button>
      )}
      <p className="text-sm text-secondary">{failed ? t('solver.audio.failed') : t('solver.audio.hint')}</p>
    </div>
  );
}
