import { useEffect, useState } from 'react';
import { doorQrAlt } from '@courtside/domain';
import { spacedCode, svgImageSrc, type DoorView } from './door-code.ts';
import './door.css';

/**
 * A booking's door code in My bookings: the digits large, when they open the gate, and their QR.
 * The QR library loads only here, when there is a code to show, so the page's first script stays small.
 */
export function DoorCode({ view, label }: { view: DoorView; label: string }) {
  if (view.kind === 'later') return <small className="door-later dash-sub">{view.text}</small>;
  return (
    <section className="door-panel" aria-label={`Door code: ${label}`}>
      <div className="door-text">
        <p className="door-title">Door code</p>
        <p className="door-digits" aria-label={view.code.split('').join(' ')}>{spacedCode(view.code)}</p>
        <p className="door-window">{view.window}</p>
        <p className="door-help">Type it at the gate, or show the QR code.</p>
      </div>
      <DoorQr code={view.code} />
    </section>
  );
}

function DoorQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('./qr.ts')
      .then(({ qrSvg }) => qrSvg(code))
      .then((svg) => { if (live) setSrc(svgImageSrc(svg)); })
      // Without the QR the digits still open the gate.
      .catch(() => { if (live) setSrc(null); });
    return () => { live = false; };
  }, [code]);
  return src ? <img className="door-qr" src={src} alt={doorQrAlt(code)} width={132} height={132} /> : <span className="door-qr door-qr-empty" aria-hidden="true" />;
}
