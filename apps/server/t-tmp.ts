import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { errorHandlerPlugin } from './src/plugins/error-handler.ts';
import { readImportUpload, sendImportSuccess, sendImportErrorReport } from './src/lib/xlsx.ts';
const app = Fastify();
await app.register(multipart, { limits: { fileSize: 5242880, files: 10 } });
await app.register(errorHandlerPlugin);
app.post('/i', async (request, reply) => {
  const { headers, rows } = await readImportUpload(request, { field: 'file' });
  const errors = new Map<number, string[]>();
  for (const row of rows) if (!(row.values['Apply Date'] instanceof Date)) errors.set(row.rowNumber, ['bad']);
  if (errors.size) return sendImportErrorReport(reply, { headers, rows, errors, resultFileName: 'R.xlsx' });
  return sendImportSuccess(reply, { count: rows.length });
});
await app.ready();
const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('S');
ws.addRow(['Username', 'Leave Hour', 'Apply Date']);
ws.addRow(['staff', 8, new Date(Date.UTC(2026, 0, 5))]);
ws.addRow(['staff2', 4, new Date(Date.UTC(2026, 0, 6))]);
const codes = new Map<string, number>();
for (let round = 0; round < 200; round++) {
  await Promise.all([0, 1, 2, 3].map(async () => {
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const fd = new FormData(); fd.append('file', new Blob([buf]), 'ok.xlsx');
    const res = await app.inject({ method: 'POST', url: '/i', payload: fd });
    const k = `${res.statusCode} ${res.statusCode === 200 ? '' : res.body.slice(0, 100)}`;
    codes.set(k, (codes.get(k) ?? 0) + 1);
  }));
}
console.log([...codes]);
await app.close();
