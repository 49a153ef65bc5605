import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) showing `text` as a QR code, black on
 * white in the middle of a 640 × 480 frame — what a kiosk's camera sees when a phone is held up to it. The format is
 * YUV4MPEG2 (4:2:0): the luma plane draws the code, the chroma planes stay neutral grey. Chromium loops its frames.
 */
export function qrVideoFile(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor((Math.min(WIDTH, HEIGHT) * 0.8) / (modules.size + 2 * quiet));
  const side = (modules.size + 2 * quiet) * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (!modules.get(r, c)) continue;
      for (let y = 0; y < scale; y++) {
        const row = (top + (r + quiet) * scale + y) * WIDTH;
        luma.fill(16, row + left + (c + quiet) * scale, row + left + (c + quiet + 1) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tms-camera-')), 'qr.y4m');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
  return file;
}
