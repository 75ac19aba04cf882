import QRCode from 'qrcode';

/** The QR of a door code (just its digits) as SVG text: loaded by dynamic import, only when a code is shown. */
export const qrSvg = (code: string): Promise<string> => QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
