import type { LinkDownConfig } from '../../components/dict/dict-api';
import { CategorySelect } from '../../components/dict/category-select';
import { DictSelect } from '../../components/dict/dict-select';
import { LinkedSelect } from '../../components/dict/linked-select';
import { SearchSelect } from '../../components/dict/search-select';
import { TreeDictSelect } from '../../components/dict/tree-dict-select';
import { AreaLinkage } from '../../components/area/area-linkage';
import { Demo, GallerySection } from './gallery-parts';

const full = { style: { width: '100%' } };
/** Categories as three linked levels (allow-listed on the server). */
export const CATEGORY_LINK: LinkDownConfig = {
  table: 'sys_category',
  txt: 'name',
  key: 'code',
  idField: 'id',
  pidField: 'pid',
};

/** Dictionary selects, table-dictionary search, tree, category, linked dropdowns and area linkage. */
export function GalleryDict() {
  return (
    <GallerySection id="dict" title="字典与选择">
      <Demo id="dict-single" label="字典下拉（单选，priority）" initial="">
        {(v, set) => (
          <DictSelect
            code="priority"
            value={v || undefined}
            onChange={(x) => set(typeof x === 'string' ? x : '')}
            placeholder="请选择优先级"
            {...full}
          />
        )}
      </Demo>
      <Demo id="dict-multi" label="字典下拉（多选，逗号拼接）" initial="L,H">
        {(v, set) => (
          <DictSelect
            code="priority"
            multiple
            joined
            value={v}
            onChange={(x) => set(typeof x === 'string' ? x : '')}
            {...full}
          />
        )}
      </Demo>
      <Demo id="dict-disabled" label="字典下拉（禁用）" initial="1">
        {(v) => <DictSelect code="user_status" value={v} disabled {...full} />}
      </Demo>
      <Demo id="dict-error" label="字典下拉（未配置字典Code）" initial="">
        {() => <DictSelect code="" />}
      </Demo>
      <Demo id="search" label="表字典搜索（sys_user,realname,username）" initial="">
        {(v, set) => <SearchSelect dict="sys_user,realname,username" value={v} onChange={set} {...full} />}
      </Demo>
      <Demo id="search-multi" label="表字典搜索（多选，已有值）" initial="admin,buyer">
        {(v, set) => <SearchSelect dict="sys_user,realname,username" multiple value={v} onChange={set} {...full} />}
      </Demo>
      <Demo id="search-error" label="表字典搜索（配置错误）" initial="">
        {() => <SearchSelect dict="sys_user,realname" />}
      </Demo>
      <Demo id="tree" label="树形下拉（部门）" initial="">
        {(v, set) => (
          <TreeDictSelect dict="sys_depart,depart_name,org_code" pidField="parent_id" value={v} onChange={set} />
        )}
      </Demo>
      <Demo id="tree-error" label="树形下拉（condition 不是 JSON）" initial="">
        {() => <TreeDictSelect dict="sys_depart,depart_name,org_code" pidField="parent_id" condition="status=1" />}
      </Demo>
      <Demo id="category" label="分类字典（多选）" initial="">
        {(v, set) => <CategorySelect multiple value={v} onChange={set} />}
      </Demo>
      <Demo id="category-disabled" label="分类字典（禁用）" initial="">
        {(v) => <CategorySelect value={v} disabled />}
      </Demo>
      <Demo id="linked" label="联动下拉（分类三级）" initial={[] as string[]} wide>
        {(v, set) => (
          <LinkedSelect config={CATEGORY_LINK} levels={['一级分类', '二级分类', '三级分类']} value={v} onChange={set} />
        )}
      </Demo>
      <Demo id="area-cascader" label="省市区（级联）" initial="440305">
        {(v, set) => <AreaLinkage value={v} onChange={set} />}
      </Demo>
      <Demo id="area-select" label="省市区（下拉）" initial="" wide>
        {(v, set) => <AreaLinkage type="select" value={v} onChange={set} />}
      </Demo>
    </GallerySection>
  );
}
