// The pairing QR code, drawn by the maintained `qrcode` library as an SVG the Venue view shows as an image.
import QRCode from 'qrcode'

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  })
}
