import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Form, Input, Modal, Space, Table, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  hasPermission,
  INFO_SECTIONS,
  type CompanyAction,
  type CategoryAction,
  type InfoSection,
  type SupplierStatusLogRow,
} from '@procura/shared';
import { useSession } from '../../lib/auth-store';
import { dictText, useDictItems } from '../../lib/dict';
import { useSupplierAction } from './use-supplier-action';
import { getOrThrow, type SupplierCategoryStanding, type SupplierDetail } from '../../lib/supplier-api';
import { AdmissionReviewTab } from './admission-review-tab';
import { QualificationTable } from './qualification-table';
import { ReasonModal, type ReasonRequest } from './reason-modal';
import { StatusLogTable } from './status-log-table';
import { SupplierChangeTab } from './supplier-change-tab';
import { MAIN_CATEGORY_DICT, SUPPLIER_INFO_STATUS_DICT, SUPPLIER_STATUS_DICT } from './supplier-info-form';

/** Company actions the buyer side offers, with the statuses they start from (domain §4.4) and their permission. */
const COMPANY_BUTTONS: { action: CompanyAction; label: string; perm: string; from: string[]; danger?: boolean }[] = [
  { action: 'freeze', label: '冻结', perm: 'supplier:freeze', from: ['POTENTIAL', 'QUALIFIED'], danger: true },
  { action: 'unfreeze', label: '解冻', perm: 'supplier:freeze', from: ['FROZEN'] },
  {
    action: 'blacklist',
    label: '拉黑',
    perm: 'supplier:blacklist',
    from: ['PENDING_REVIEW', 'POTENTIAL', 'QUALIFIED', 'FROZEN', 'ELIMINATED'],
    danger: true,
  },
  { action: 'liftBlacklist', label: '解除黑名单', perm: 'supplier:blacklist:lift', from: ['BLACKLISTED'] },
  {
    action: 'eliminate',
    label: '淘汰',
    perm: 'supplier:eliminate',
    from: ['POTENTIAL', 'QUALIFIED', 'FROZEN'],
    danger: true,
  },
];

const CATEGORY_BUTTONS: { action: CategoryAction; label: string; perm: string; from: string[] }[] = [
  { action: 'suspend', label: '暂停', perm: 'supplier:category:manage', from: ['QUALIFIED', 'TRIAL'] },
  { action: 'restore', label: '恢复', perm: 'supplier:category:manage', from: ['SUSPENDED'] },
  {
    action: 'terminate',
    label: '终止',
    perm: 'supplier:category:manage',
    from: ['APPLYING', 'TRIAL', 'QUALIFIED', 'SUSPENDED'],
  },
  // §4.1: a manager qualifies a category admitted on trial (QLF-1: papers valid, checked by the server).
  { action: 'qualify', label: '转正', perm: 'supplier:category:manage', from: ['TRIAL'] },
];

/** Whether the user holds a button permission (the `v-has` rule). */

/** A bank account's status in words (the codes stay in the data). */
const BANK_STATUS_TEXT: Readonly<Record<string, string>> = {
  APPROVED: '已生效',
  PENDING: '待审核',
  DISABLED: '已停用',
};
function usePermissionCheck(): (code: string) => boolean {
  const { permissions } = useSession();
  return (code) => hasPermission(code, permissions.auth, permissions.allAuth);
}

/** Return with comments per section (§4.2 step 5). */
function ReturnModal({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (comments: Partial<Record<InfoSection, string>>) => Promise<boolean>;
}) {
  const [form] = Form.useForm<Partial<Record<InfoSection, string>>>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title="退回企业信息"
      okText="退回"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          if (await onSubmit(form.getFieldsValue())) onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        {(Object.keys(INFO_SECTIONS) as InfoSection[]).map((key) => (
          <Form.Item key={key} name={key} label={`${INFO_SECTIONS[key]}意见`}>
            <Input.TextArea rows={2} maxLength={500} data-testid={`return-${key}`} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** The buyer's view of one supplier: master data, standing per category, papers, status log and the lifecycle actions. */
export function SupplierDetailDrawer({
  supplierId,
  onClose,
  onChanged,
}: {
  supplierId: string | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { modal } = App.useApp();
  const can = usePermissionCheck();
  const statuses = useDictItems(SUPPLIER_STATUS_DICT);
  const infoStatuses = useDictItems(SUPPLIER_INFO_STATUS_DICT);
  const categoryStatuses = useDictItems('srm_supplier_category_status');
  const categoryNames = useDictItems(MAIN_CATEGORY_DICT);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [returning, setReturning] = useState(false);

  const detail = useQuery({
    queryKey: ['supplier', 'detail', supplierId],
    queryFn: () => getOrThrow<SupplierDetail>('/supplier/queryById', { id: supplierId! }),
    enabled: supplierId !== null,
  });
  const log = useQuery({
    queryKey: ['supplier', 'statusLog', supplierId],
    queryFn: () => getOrThrow<SupplierStatusLogRow[]>('/supplier/statusLog', { id: supplierId! }),
    enabled: supplierId !== null,
  });

  const run = useSupplierAction(onChanged);

  const s = detail.data?.supplier;
  const companyAction = (b: (typeof COMPANY_BUTTONS)[number]) =>
    setReason({
      title: `${b.label}：${s?.name ?? ''}`,
      onSubmit: (text) => run(`/supplier/${b.action}`, { id: supplierId, reason: text }),
    });
  const categoryAction = (b: (typeof CATEGORY_BUTTONS)[number], c: SupplierCategoryStanding) =>
    setReason({
      title: `${b.label}：${dictText(categoryNames.data, c.categoryCode)}`,
      label: b.action === 'qualify' ? '转正原因' : undefined,
      onSubmit: (text) =>
        run(`/supplier/category/${b.action}`, { id: supplierId, categoryCode: c.categoryCode, reason: text }),
    });

  const actions = s ? (
    <Space wrap>
      {s.status === 'PENDING_REVIEW' && can('supplier:review') && (
        <>
          <Button
            type="primary"
            data-testid="supplier-approve-info"
            onClick={() =>
              modal.confirm({
                title: '审核通过',
                content: `确认 ${s.name} 的企业信息审核通过？`,
                okText: '确定',
                cancelText: '取消',
                onOk: () => run('/supplier/approveInfo', { id: supplierId }),
              })
            }
          >
            审核通过
          </Button>
          <Button data-testid="supplier-return-info" onClick={() => setReturning(true)}>
            退回
          </Button>
        </>
      )}
      {COMPANY_BUTTONS.filter((b) => can(b.perm) && b.from.includes(s.status)).map((b) => (
        <Button key={b.action} danger={b.danger} data-testid={`supplier-${b.action}`} onClick={() => companyAction(b)}>
          {b.label}
        </Button>
      ))}
    </Space>
  ) : null;

  const tabs = detail.data
    ? [
        {
          key: 'basic',
          label: '基本信息',
          children: (
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label="供应商编码">{s!.code}</Descriptions.Item>
              <Descriptions.Item label="企业名称">{s!.name}</Descriptions.Item>
              <Descriptions.Item label="统一社会信用代码">{s!.uscc || '-'}</Descriptions.Item>
              <Descriptions.Item label="法定代表人">{s!.legalPerson || '-'}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <Tag color="blue" data-testid="supplier-status">
                  {dictText(statuses.data, s!.status)}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label="信息状态">{dictText(infoStatuses.data, s!.infoStatus)}</Descriptions.Item>
              <Descriptions.Item label="企业地址" span={2}>
                {s!.address || '-'}
              </Descriptions.Item>
              <Descriptions.Item label="营业执照" span={2}>
                {s!.businessLicenseFile ? <QualificationTable.FileLinks paths={s!.businessLicenseFile} /> : '-'}
              </Descriptions.Item>
              {Object.entries(s!.returnComments ?? {}).map(([k, v]) => (
                <Descriptions.Item key={k} label={`退回意见（${INFO_SECTIONS[k as InfoSection] ?? k}）`} span={2}>
                  {v}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ),
        },
        {
          key: 'contacts',
          label: '联系人与银行',
          children: (
            <>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={detail.data.contacts}
                locale={{ emptyText: '暂无联系人' }}
                columns={[
                  { title: '联系人', dataIndex: 'name' },
                  { title: '手机', dataIndex: 'mobile' },
                  { title: '邮箱', dataIndex: 'email' },
                  { title: '主联系人', dataIndex: 'isPrimary', render: (v: number) => (v ? '是' : '否') },
                ]}
              />
              <Table
                style={{ marginTop: 16 }}
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={detail.data.bankAccounts}
                locale={{ emptyText: '暂无银行账户' }}
                columns={[
                  { title: '开户银行', dataIndex: 'bankName' },
                  { title: '账户名称', dataIndex: 'accountName' },
                  { title: '账号', dataIndex: 'accountNo' },
                  { title: '状态', dataIndex: 'status', render: (v: string) => BANK_STATUS_TEXT[v] ?? v },
                ]}
              />
            </>
          ),
        },
        {
          key: 'categories',
          label: '品类准入',
          children: (
            <Table<SupplierCategoryStanding>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={detail.data.categories}
              locale={{ emptyText: '暂无申请供应的品类' }}
              data-testid="supplier-categories"
              columns={[
                { title: '品类', dataIndex: 'categoryCode', render: (v: string) => dictText(categoryNames.data, v) },
                {
                  title: '准入状态',
                  dataIndex: 'status',
                  render: (v: string, c) =>
                    c.pendingRequestId ? (
                      <Tag color="orange">审批中</Tag>
                    ) : (
                      <Tag>{dictText(categoryStatuses.data, v)}</Tag>
                    ),
                },
                // QLF-4: the order cap of a category admitted on trial (checked by the purchase orders).
                {
                  title: '试用限额',
                  dataIndex: 'trialLimitAmount',
                  render: (v: string | null, c) => (c.status === 'TRIAL' && v ? `${v} 元` : ''),
                },
                {
                  title: '操作',
                  render: (_: unknown, c) =>
                    c.pendingRequestId ? null : (
                      <Space>
                        {CATEGORY_BUTTONS.filter((b) => can(b.perm) && b.from.includes(c.status)).map((b) => (
                          <Button
                            key={b.action}
                            size="small"
                            type="link"
                            data-testid={`category-${b.action}`}
                            onClick={() => categoryAction(b, c)}
                          >
                            {b.label}
                          </Button>
                        ))}
                      </Space>
                    ),
                },
              ]}
            />
          ),
        },
        {
          key: 'admissionReviews',
          label: '准入评审',
          children: (
            <AdmissionReviewTab
              supplierId={supplierId!}
              categories={detail.data.categories}
              canManage={can('supplier:admissionReview')}
              canWaive={can('supplier:admissionReview:waive')}
              onChanged={onChanged}
            />
          ),
        },
        {
          key: 'qualifications',
          label: '资质',
          children: <QualificationTable rows={detail.data.qualifications} loading={false} />,
        },
        { key: 'log', label: '状态日志', children: <StatusLogTable rows={log.data} loading={log.isPending} /> },
        {
          key: 'changes',
          label: '变更历史',
          children: <SupplierChangeTab supplierId={supplierId!} canAdd={can('supplierChange:add')} />,
        },
      ]
    : [];

  return (
    <Drawer
      open={supplierId !== null}
      onClose={onClose}
      size="large"
      title={s ? s.name : '供应商详情'}
      extra={actions}
      loading={detail.isPending}
      data-testid="supplier-detail"
    >
      {detail.isError ? <span>{detail.error.message}</span> : <Tabs items={tabs} />}
      {detail.data && detail.data.pendingRequests.length > 0 && (
        <Tag color="orange" style={{ marginTop: 8 }}>
          有 {detail.data.pendingRequests.length} 项申请正在审批中（审批中心处理）
        </Tag>
      )}
      <ReasonModal request={reason} onClose={() => setReason(null)} />
      <ReturnModal
        open={returning}
        onClose={() => setReturning(false)}
        onSubmit={(comments) =>
          run('/supplier/returnInfo', {
            id: supplierId,
            comments: Object.fromEntries(Object.entries(comments).filter(([, v]) => v && v.trim())),
          })
        }
      />
    </Drawer>
  );
}
