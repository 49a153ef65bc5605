import type { Translation } from '../../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {
  title: 'Sao lưu',
  intro:
    'Bản sao lưu là bản sao toàn bộ cơ sở dữ liệu tại thời điểm tạo: nhân viên, bảng công, yêu cầu, nghỉ phép, cài đặt, lịch sử và tệp đính kèm. Mỗi bản được kiểm tra bằng cách khôi phục vào một cơ sở dữ liệu tạm rồi so sánh số dòng.',
  run: 'Sao lưu ngay',
  emptyTitle: 'Chưa có bản sao lưu nào',
  emptyHint: 'Tạo bản đầu tiên bằng nút "Sao lưu ngay"; việc sao lưu hằng đêm sẽ tự thêm một bản mỗi đêm.',
  schedule: 'Tự động sao lưu hằng đêm lúc {{hour}}:00 (giờ công ty); giữ lại {{keepDaily}} bản hằng ngày và {{keepWeekly}} bản hằng tuần gần nhất.',
  progress: {
    queued: 'Đang chờ bắt đầu…',
    running: 'Đang sao lưu…',
    runningElsewhere: 'Đang có một bản sao lưu chạy…',
    done: 'Sao lưu hoàn tất',
    failed: 'Sao lưu không thành công',
  },
  doneFile: 'Sao lưu hoàn tất: {{name}}',
  doneNotVerifiedFile: 'Sao lưu hoàn tất nhưng kiểm tra không đạt: {{name}}',
  alreadyRunning: 'Đang có một bản sao lưu chạy',
  download: 'Tải xuống',
  downloadFile: 'Tải xuống {{name}}',
  columns: {
    time: 'Thời gian',
    kind: 'Loại',
    size: 'Dung lượng',
    schema: 'Phiên bản lược đồ',
    source: 'Nguồn',
    rows: 'Số dòng',
    verification: 'Kiểm tra',
    action: 'Thao tác',
  },
  tables: '{{n}} bảng',
  kind: {
    manual: 'Thủ công',
    nightly: 'Hằng đêm',
    'pre-migration': 'Trước khi cập nhật lược đồ',
    'pre-restore': 'Trước khi khôi phục',
    move: 'Trước khi chuyển cơ sở dữ liệu',
  },
  source: {
    pglite: 'Cơ sở dữ liệu nhúng',
    postgres: 'Máy chủ PostgreSQL',
  },
  verification: {
    passed: 'Đã kiểm tra',
    failed: 'Không đạt',
    pending: 'Đang kiểm tra…',
    'not-run': 'Chưa kiểm tra',
  },
};
