import type { FastifyInstance } from 'fastify';
import {
  BONUS_LEAVE_IMPORT_EXTENSIONS,
  BONUS_LEAVE_IMPORT_MAX_ROWS,
  BONUS_LEAVE_MESSAGES as M,
  BONUS_LEAVE_PATH,
  BONUS_LEAVE_READERS,
  BONUS_LEAVE_RESULT_FILE,
  BONUS_LEAVE_TEMPLATE_FILE,
  BONUS_LEAVE_WRITERS,
  bonusLeaveCreateResponseSchema,
  bonusLeaveCreateSchema,
  bonusLeaveListQuerySchema,
  bonusLeaveListResponseSchema,
  bonusLeaveUpdateResponseSchema,
  bonusLeaveUpdateSchema,
} from '@tms/contracts/bonus-leave';
import { registerGrantRoutes } from '../leave/grant-routes.ts';
import {
  bonusLeaveHistory,
  bonusLeaveTemplateRows,
  createBonusLeave,
  importBonusLeave,
  listBonusLeave,
  removeBonusLeave,
  updateBonusLeave,
  type BonusLeaveDeps,
} from './bonus-leave.service.ts';
import { TEMPLATE_HEADERS, templateXlsxColumns } from './bonus-leave.import.ts';

/** Bonus leave calls (spec 000 §7), declared by the leave core's grant routes. */
export async function bonusLeaveRoutes(fastify: FastifyInstance) {
  const deps: BonusLeaveDeps = { db: fastify.db, clock: fastify.clock };
  registerGrantRoutes(fastify, {
    path: BONUS_LEAVE_PATH,
    tags: ['bonus leave'],
    readers: BONUS_LEAVE_READERS,
    writers: BONUS_LEAVE_WRITERS,
    messages: M,
    schemas: {
      listQuery: bonusLeaveListQuerySchema,
      listResponse: bonusLeaveListResponseSchema,
      create: bonusLeaveCreateSchema,
      createResponse: bonusLeaveCreateResponseSchema,
      update: bonusLeaveUpdateSchema,
      updateResponse: bonusLeaveUpdateResponseSchema,
    },
    service: {
      list: (user, q) => listBonusLeave(deps, user, q),
      create: (user, body) => createBonusLeave(deps, user, body),
      update: (user, body) => updateBonusLeave(deps, user, body),
      remove: (user, id, version) => removeBonusLeave(deps, user, id, version),
      history: (user, id) => bonusLeaveHistory(deps, user, id),
      templateRows: () => bonusLeaveTemplateRows(fastify.clock),
      importRows: (user, upload) => importBonusLeave(deps, user, upload),
    },
    template: { sheetName: 'Bonus Leave', columns: templateXlsxColumns, headers: TEMPLATE_HEADERS, fileName: BONUS_LEAVE_TEMPLATE_FILE },
    import: { field: 'file', extensions: BONUS_LEAVE_IMPORT_EXTENSIONS, maxRows: BONUS_LEAVE_IMPORT_MAX_ROWS, resultFileName: BONUS_LEAVE_RESULT_FILE },
  });
}
