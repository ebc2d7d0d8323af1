import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** spec 9: the QR code is 280 px by default, error correction level M. */
export const QR_SIZE = 280;
export const QR_LEVEL = 'M' as const;

export function QrCode({ value, alt, size = QR_SIZE }: { value: string; alt: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { errorCorrectionLevel: QR_LEVEL, width: size, margin: 1 })
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [value, size]);
  return src ? (
    <img className="wallet-qr" src={src} alt={alt} width={size} height={size} />
  ) : (
    <div className="wallet-qr wallet-qr--empty" style={{ width: size, height: size }} />
  );
}
