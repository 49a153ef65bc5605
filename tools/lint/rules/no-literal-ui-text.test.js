import rule from './no-literal-ui-text.js';
import { at, ruleTester } from './rule-tester.js';
import tseslint from 'typescript-eslint';

const file = at('apps/web/src/features/overtime/overtime-page.tsx');
const jsx = { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } };
const error = (text) => ({ messageId: 'literal', data: { text } });

ruleTester.run('no-literal-ui-text', rule, {
  valid: [
    { filename: file, languageOptions: jsx, code: "const a = <Button>{t('save')}</Button>;" },
    { filename: file, languageOptions: jsx, code: "const a = <Input placeholder={t('search')} data-testid=\"search-box\" className=\"wide\" />;" },
    // codes, product names and symbols are not translated
    { filename: file, languageOptions: jsx, code: 'const a = <span>TMS</span>;' },
    { filename: file, languageOptions: jsx, code: "const a = <Tag title=\"OT\">{' — '}</Tag>;" },
    { filename: file, code: "const c = [{ title: t('name'), dataIndex: 'name', key: 'full_name' }];" },
    { filename: file, code: "const c = { reason: 'ANN_LEAVE_CORP', label: 'ANN_LEAVE_CORP' };" },
    { filename: file, code: "notifySuccess(t('saved'));" },
    { filename: file, code: "const links = [{ key: 'faq', text: 'help.faq' }];" },
    { filename: file, code: "const url = `/api/tms/${id}/detail`;" },
  ],
  invalid: [
    { filename: file, languageOptions: jsx, code: 'const a = <Button>Save all</Button>;', errors: [error('Save all')] },
    { filename: file, languageOptions: jsx, code: 'const a = <Input placeholder="Search by name" />;', errors: [error('Search by name')] },
    { filename: file, languageOptions: jsx, code: "const a = <Modal title={'Delete request'} okText={`Yes`} />;", errors: [error('Delete request'), error('Yes')] },
    { filename: file, languageOptions: jsx, code: 'const a = <Button aria-label={`${n} pages`} />;', errors: [error('pages')] },
    { filename: file, languageOptions: jsx, code: "const a = <Empty description={busy ? 'Loading' : t('none')} />;", errors: [error('Loading')] },
    { filename: file, code: "const c = [{ title: 'Full name', dataIndex: 'name' }];", errors: [error('Full name')] },
    { filename: file, code: "notifySuccess('Saved successfully');", errors: [error('Saved successfully')] },
    { filename: file, code: "app.message.error(`Could not save ${name}`);", errors: [error('Could not save')] },
    { filename: file, languageOptions: jsx, code: 'const a = <p>Tiếng Việt có dấu</p>;', errors: [error('Tiếng Việt có dấu')] },
  ],
});
