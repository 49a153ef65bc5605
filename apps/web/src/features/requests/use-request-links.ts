import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { RequestRecord } from '@tms/contracts/requests';
import { findRequest } from './api/request-api.ts';
import type { RequestPageState } from './use-request-page-state.ts';

/**
 * The links into Request Management: ?id= (the link of a notification) opens that request's detail, from the page
 * shown, else looked up; ?create=YYYY-MM-DD (My Timesheet's Create request button) opens Create Request on that date.
 * Each parameter is removed once followed, and a linked id is followed once: the list reloading after an approval
 * must not open the drawer of the request just closed, even while the router has not yet dropped the parameter.
 */
export function useRequestLinks(list: { rows: RequestRecord[]; loading: boolean }, state: Pick<RequestPageState, 'setDetail' | 'setDialog'>) {
  const { setDetail, setDialog } = state;
  const [params, setParams] = useSearchParams();
  const linkedId = Number(params.get('id')) || null;
  const createDate = params.get('create');
  useEffect(() => {
    if (!createDate || !/^\d{4}-\d{2}-\d{2}$/.test(createDate)) return;
    setDialog({ kind: 'create', mode: 'single', date: createDate });
    setParams((p) => {
      p.delete('create');
      return p;
    }, { replace: true });
  }, [createDate, setParams, setDialog]);
  const followed = useRef<number | null>(null);
  useEffect(() => {
    if (!linkedId) {
      followed.current = null;
      return;
    }
    if (followed.current === linkedId) return;
    const shown = list.rows.find((r) => r.id === linkedId);
    const done = (row: RequestRecord | null) => {
      if (row) setDetail(row);
      setParams((p) => {
        p.delete('id');
        return p;
      }, { replace: true });
    };
    if (shown) {
      followed.current = linkedId;
      done(shown);
    } else if (!list.loading) {
      followed.current = linkedId;
      void findRequest(linkedId).then(done, () => done(null));
    }
  }, [linkedId, list.rows, list.loading, setParams, setDetail]);
}
