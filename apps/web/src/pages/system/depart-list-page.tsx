import { useCallback, useEffect, useState } from 'react';
import type { Key } from 'react';
import { App, Button, Card, Col, Empty, Form, Input, Popconfirm, Row, Space, Spin, Tabs, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Has, useHasPermission } from '../../components/has';
import { PermissionTree, usePermissionGrants } from '../../components/permission-tree';
import { deleteAction, getAction, HttpError, putAction } from '../../lib/http';
import { confirmLeave } from '../../lib/leave-confirm';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { DepartAddModal } from './depart-add-modal';
import { DepartFormFields, parentOptions, showDepartFieldErrors, toDepartBody, toDepartValues } from './depart-form';
import type { DepartNode, DepartRecord, DepartValues } from './depart-form';

const toTreeData = (nodes: readonly DepartNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.departName, children: n.children ? toTreeData(n.children) : undefined }));

const flatten = (nodes: readonly DepartNode[]): DepartNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

const parentKeys = (nodes: readonly DepartNode[]): string[] =>
  flatten(nodes)
    .filter((n) => n.children?.length)
    .map((n) => n.id);

const fetchTree = async () => (await getAction<DepartNode[]>('/sys/sysDepart/queryTreeList')).result ?? [];

type Detail = { record: DepartRecord; version: number };
type Adding = { parent: DepartNode | null };

/**
 * 部门管理: the department tree on the left (searchable), the selected department on the right
 * with its 基本信息 (edit) and 部门权限 (the menus and buttons it holds: the ceiling of what
 * its department roles may be granted).
 */
export default function DepartListPage() {
  const { message, modal } = App.useApp();
  const canEdit = useHasPermission('depart:edit');
  const canGrant = useHasPermission('depart:permission');
  const [tree, setTree] = useState<DepartNode[] | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [found, setFound] = useState<DepartNode[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [tab, setTab] = useState('info');
  const [grantsFor, setGrantsFor] = useState<string | null>(null);
  const [formDirty, setFormDirty] = useState(false);
  const [adding, setAdding] = useState<Adding | null>(null);
  // The permission tree loads once its tab is opened for the selected department.
  const grants = usePermissionGrants(
    '/sys/permission/queryDepartPermission',
    canGrant && grantsFor !== null && grantsFor === selectedId ? { departId: grantsFor } : null,
  );
  const dirty = formDirty || grants.dirty;
  const release = useUnsavedChanges(dirty);

  const showTree = useCallback((nodes: DepartNode[], expand?: string) => {
    setTree(nodes);
    // At first everything is open; later a department added or moved opens its parent.
    setExpanded((keys) => (keys.length === 0 ? parentKeys(nodes) : expand ? [...new Set([...keys, expand])] : keys));
  }, []);

  const loadTree = useCallback(
    async (expand?: string) => {
      try {
        showTree(await fetchTree(), expand);
      } catch {
        setTree((t) => t ?? []);
      }
    },
    [showTree],
  );

  useEffect(() => {
    let alive = true;
    fetchTree().then(
      (nodes) => alive && showTree(nodes),
      () => alive && setTree([]),
    );
    return () => {
      alive = false;
    };
  }, [showTree]);

  const loadDetail = useCallback(async (id: string) => {
    try {
      const answer = await getAction<DepartRecord>('/sys/sysDepart/queryById', { id });
      if (answer.success && answer.result)
        setDetail((d) => ({ record: answer.result, version: (d?.version ?? 0) + 1 }));
    } catch {
      // shown by the HTTP client
    }
  }, []);

  /** Shows a department, asking first when edits of the current one would be lost. */
  const select = (id: string | null) => {
    if (id === selectedId) return;
    const go = () => {
      release();
      setFormDirty(false);
      setSelectedId(id);
      setDetail(null);
      setTab('info');
      setGrantsFor(null);
      if (id) void loadDetail(id);
    };
    if (dirty) confirmLeave(modal, go);
    else go();
  };

  const search = async (keyword: string) => {
    if (keyword.trim() === '') {
      setFound(null);
      return;
    }
    setSearching(true);
    try {
      const answer = await getAction<DepartNode[]>('/sys/sysDepart/searchBy', { keyWord: keyword.trim() });
      setFound((answer.result ?? []).map((n) => ({ ...n, children: null })));
    } catch {
      // shown by the HTTP client
    } finally {
      setSearching(false);
    }
  };

  const remove = async () => {
    if (!selectedId) return;
    try {
      const answer = await deleteAction('/sys/sysDepart/delete', { id: selectedId });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      release();
      setFormDirty(false);
      setSelectedId(null);
      setDetail(null);
      setFound(null);
      void loadTree();
    } catch {
      // shown by the HTTP client
    }
  };

  const selectedNode = tree && selectedId ? (flatten(tree).find((n) => n.id === selectedId) ?? null) : null;
  const shownNodes = found ?? tree ?? [];

  return (
    <Row gutter={[16, 16]} data-testid="depart-page">
      <Col xs={24} md={10} xl={8}>
        <Card title="部门" size="small">
          <Space wrap style={{ marginBottom: 12 }}>
            <Has code="depart:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setAdding({ parent: null })}
                data-testid="depart-add"
              >
                添加部门
              </Button>
              <Button
                icon={<PlusOutlined />}
                disabled={!selectedNode}
                onClick={() => selectedNode && setAdding({ parent: selectedNode })}
                data-testid="depart-add-child"
              >
                添加下级
              </Button>
            </Has>
            <Has code="depart:delete">
              <Popconfirm
                title="确定删除该部门吗？"
                description="有下级部门或用户的部门不能删除"
                okText="确定"
                cancelText="取消"
                disabled={!selectedId}
                onConfirm={() => remove()}
              >
                <Button danger icon={<DeleteOutlined />} disabled={!selectedId} data-testid="depart-delete">
                  删除
                </Button>
              </Popconfirm>
            </Has>
          </Space>
          <Input.Search
            placeholder="请输入部门名称"
            allowClear
            enterButton="查询"
            loading={searching}
            onSearch={(value) => void search(value)}
            data-testid="depart-search"
            style={{ marginBottom: 12 }}
          />
          {tree === null ? (
            <Spin />
          ) : shownNodes.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={found ? '没有匹配的部门' : '暂无部门'} />
          ) : (
            <div data-testid="depart-tree">
              <Tree
                blockNode
                treeData={toTreeData(shownNodes)}
                expandedKeys={found ? [] : expanded}
                onExpand={(keys) => setExpanded(keys)}
                selectedKeys={selectedId ? [selectedId] : []}
                onSelect={(keys) => keys.length > 0 && select(String(keys[0]))}
              />
            </div>
          )}
        </Card>
      </Col>
      <Col xs={24} md={14} xl={16}>
        <Card size="small" data-testid="depart-detail">
          {selectedId === null ? (
            <div data-testid="depart-empty">
              <Empty description="请先选择一个部门" />
            </div>
          ) : detail === null || detail.record.id !== selectedId ? (
            <Spin />
          ) : (
            <Tabs
              activeKey={tab}
              onChange={(key) => {
                setTab(key);
                if (key === 'permission') setGrantsFor(selectedId);
              }}
              items={[
                {
                  key: 'info',
                  label: '基本信息',
                  children: (
                    <DepartInfoForm
                      key={`${detail.record.id}:${detail.version}`}
                      record={detail.record}
                      tree={tree ?? []}
                      canEdit={canEdit}
                      onChange={() => setFormDirty(true)}
                      onSaved={(record) => {
                        setFormDirty(false);
                        setDetail((d) => ({ record, version: (d?.version ?? 0) + 1 }));
                        setFound(null);
                        void loadTree(record.parentId ?? undefined);
                      }}
                    />
                  ),
                },
                ...(canGrant
                  ? [
                      {
                        key: 'permission',
                        label: '部门权限',
                        children: (
                          <div data-testid="depart-permission">
                            <PermissionTree grants={grants} />
                            <Button
                              type="primary"
                              style={{ marginTop: 16 }}
                              loading={grants.saving}
                              disabled={grants.tree === null}
                              onClick={() =>
                                void grants.save('/sys/permission/saveDepartPermission', (ids, previous) => ({
                                  departId: selectedId,
                                  permissionIds: ids.join(','),
                                  lastpermissionIds: previous.join(','),
                                }))
                              }
                              data-testid="depart-permission-save"
                            >
                              保存
                            </Button>
                          </div>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </Card>
      </Col>
      {adding ? (
        <DepartAddModal
          parent={adding.parent}
          tree={tree ?? []}
          open
          onClose={() => setAdding(null)}
          onAdded={(added) => {
            setAdding(null);
            setFound(null);
            void loadTree(added.parentId ?? undefined).then(() => select(added.id));
          }}
        />
      ) : null}
    </Row>
  );
}

type InfoProps = {
  record: DepartRecord;
  tree: DepartNode[];
  canEdit: boolean;
  onChange: () => void;
  onSaved: (record: DepartRecord) => void;
};

/** 基本信息: one department's form (a fresh form per department and per saved version). */
function DepartInfoForm({ record, tree, canEdit, onChange, onSaved }: InfoProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DepartValues>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let values: DepartValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await putAction<DepartRecord>(
        '/sys/sysDepart/edit',
        { id: record.id, ...toDepartBody(values) },
        { quiet: [400] },
      );
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      onSaved(answer.result ?? record);
    } catch (error) {
      if (showDepartFieldErrors(form, error) === false && error instanceof HttpError) message.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      name="departForm"
      layout="vertical"
      disabled={!canEdit}
      initialValues={toDepartValues(record)}
      onValuesChange={onChange}
      data-testid="depart-form"
      style={{ maxWidth: 640 }}
    >
      <DepartFormFields parents={parentOptions(tree, record.id)} orgCode={record.orgCode} />
      <Has code="depart:edit">
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="depart-form-submit">
          保存
        </Button>
      </Has>
    </Form>
  );
}
