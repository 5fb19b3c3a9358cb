import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { DEMO_REPORT_CODE } from '@procura/shared';
import { DepartTreeModal } from '../../components/pickers/depart-tree-modal';
import { OrgPickerModal } from '../../components/pickers/org-picker-modal';
import { PopupFormField } from '../../components/pickers/popup-form-field';
import { PopupSelect } from '../../components/pickers/popup-select';
import { ReportPopupModal } from '../../components/pickers/report-popup-modal';
import { SelectBizModal } from '../../components/pickers/select-biz-modal';
import { UserByDepartModal } from '../../components/pickers/user-by-depart-modal';
import { Demo, GallerySection } from './gallery-parts';

/** A button that opens a picker; what it hands back becomes the demo's value. */
function Opener({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: (open: boolean, close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      {children(open, () => setOpen(false))}
    </>
  );
}

/** The popup widget inside a form: choosing fills both form fields. */
function PopupFormDemo({ code, onValues }: { code: string; onValues: (v: Record<string, string>) => void }) {
  return (
    <Form layout="vertical" onValuesChange={(_c, all) => onValues(all as Record<string, string>)}>
      <Form.Item name="orgName" label="机构名称">
        <PopupFormField code={code} field="orgName" orgFields="code,name" destFields="orgCode,orgName" />
      </Form.Item>
      <Form.Item name="orgCode" label="机构编码（由弹框带出）">
        <Input readOnly data-testid="popup-form-org-code" />
      </Form.Item>
    </Form>
  );
}

/**
 * Pickers and modals: department tree, users by department, organisations, business
 * selection, the report popup and the popup widget (alone, in a form, and misconfigured). The
 * report demos read the online report whose code is typed here: by default the demo company's
 * 部门列表 (`DEMO_REPORT_CODE`); any report with columns `code` and `name` will do.
 */
export function GalleryPickers() {
  const [code, setCode] = useState(DEMO_REPORT_CODE);
  return (
    <GallerySection id="pickers" title="选择器与弹框">
      <Demo id="report-code" label="示例使用的报表编码" initial={null} wide>
        {() => (
          <Input
            value={code}
            onChange={(e) => setCode(e.target.value.trim())}
            style={{ maxWidth: 320 }}
            data-testid="gallery-report-code"
          />
        )}
      </Demo>
      <Demo id="depart-picker" label="部门选择（树）" initial={[] as string[]}>
        {(v, set) => (
          <Opener label="选择部门" testId="open-depart-picker">
            {(open, close) => (
              <DepartTreeModal
                open={open}
                multi
                value={v}
                onCancel={close}
                onOk={(d) => {
                  set(d.map((x) => x.departName));
                  close();
                }}
              />
            )}
          </Opener>
        )}
      </Demo>
      <Demo id="user-picker" label="按部门选择用户（宽 1250，每页 10）" initial={[] as string[]}>
        {(v, set) => (
          <Opener label="选择用户" testId="open-user-picker">
            {(open, close) => (
              <UserByDepartModal
                open={open}
                onCancel={close}
                onOk={(users) => {
                  set(users.map((u) => u.username));
                  close();
                }}
              />
            )}
          </Opener>
        )}
      </Demo>
      <Demo id="org-picker" label="组织机构（宽 1000）" initial={[] as string[]}>
        {(v, set) => (
          <Opener label="选择组织机构" testId="open-org-picker">
            {(open, close) => (
              <OrgPickerModal
                open={open}
                onCancel={close}
                onOk={(orgs) => {
                  set(orgs.map((o) => o.code));
                  close();
                }}
              />
            )}
          </Opener>
        )}
      </Demo>
      <Demo id="biz-picker" label="业务组件选择（宽 900，每页 5，省略 12 字）" initial={[] as string[]}>
        {(v, set) => (
          <Opener label="选择职务" testId="open-biz-picker">
            {(open, close) => (
              <SelectBizModal
                open={open}
                title="选择职务"
                listUrl="/sys/position/list"
                queryParamCode="name"
                queryParamText="职务名称"
                displayKey="name"
                columns={[
                  { dataIndex: 'code', title: '职务编码' },
                  { dataIndex: 'name', title: '职务名称' },
                ]}
                onCancel={close}
                onOk={(rows) => {
                  set(rows.map((r) => String(r.name)));
                  close();
                }}
              />
            )}
          </Opener>
        )}
      </Demo>
      <Demo id="report-popup" label="报表弹框（宽 600，单选）" initial={[] as string[]}>
        {(v, set) => (
          <Opener label="打开报表" testId="open-report-popup">
            {(open, close) => (
              <ReportPopupModal
                code={code}
                open={open}
                onCancel={close}
                onOk={(rows) => {
                  set(rows.map((r) => String(r.code)));
                  close();
                }}
              />
            )}
          </Opener>
        )}
      </Demo>
      <Demo id="report-popup-multi" label="报表弹框（多选）" initial={[] as string[]}>
        {(v, set) => (
          <Opener label="打开报表（多选）" testId="open-report-popup-multi">
            {(open, close) => (
              <ReportPopupModal
                code={code}
                open={open}
                multi
                onCancel={close}
                onOk={(rows) => {
                  set(rows.map((r) => String(r.code)));
                  close();
                }}
              />
            )}
          </Opener>
        )}
      </Demo>
      <Demo id="popup-select" label="弹出选择（宽 1200，多选）" initial="">
        {(v, set) => (
          <PopupSelect
            code={code}
            field="orgName"
            orgFields="code,name"
            destFields="orgCode,orgName"
            multi
            value={v}
            onChange={set}
          />
        )}
      </Demo>
      <Demo id="popup-form" label="表单中的弹出选择" initial={{} as Record<string, string>}>
        {(_v, set) => <PopupFormDemo code={code} onValues={set} />}
      </Demo>
      <Demo id="popup-bad" label="配置错误：缺少 destFields" initial="">
        {() => (
          <Space orientation="vertical">
            <PopupSelect code={code} orgFields="code" destFields="" />
          </Space>
        )}
      </Demo>
      <Demo id="popup-mismatch" label="配置错误：数量不一致" initial="">
        {() => <PopupSelect code={code} orgFields="code,name" destFields="orgCode" />}
      </Demo>
    </GallerySection>
  );
}
