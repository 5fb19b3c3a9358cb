import { Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import type { CollapseProps } from 'antd';
import { PORTAL_LIMITS } from '@procura/shared';
import { FileUpload } from '../../components/upload/file-upload';
import {
  Colour,
  footerColumnRow,
  Image,
  PORTAL_BIZ,
  Rows,
  siteMapRow,
  StyledTextFields,
  text,
  Toggle,
  visible,
} from './designer-fields';

// Still exported from the form, as before the field widgets moved out.
export { PORTAL_BIZ } from './designer-fields';

/** The designer's blocks, one collapsible panel each (spec part 1 §3). */
export function designerBlocks(): NonNullable<CollapseProps['items']> {
  return [
    {
      key: 'hero',
      label: '首屏横幅',
      children: (
        <>
          <StyledTextFields name={['hero', 'title']} label="标题" />
          <StyledTextFields name={['hero', 'subTitle']} label="副标题" />
          <Colour name={['hero', 'primaryColor']} label="主色" />
          <Form.Item name={['hero', 'height']} label="高度">
            <InputNumber min={200} max={1200} />
          </Form.Item>
          <Form.Item name={['hero', 'shape']} label="形状">
            <Select
              style={{ width: 160 }}
              options={[
                { value: 'ellipse', label: '椭圆' },
                { value: 'polygon', label: '多边形' },
              ]}
            />
          </Form.Item>
          <Space wrap>
            <Form.Item name={['hero', 'button', 'text']} label="按钮文字">
              <Input />
            </Form.Item>
            <Form.Item name={['hero', 'button', 'url']} label="按钮链接">
              <Input />
            </Form.Item>
            <Toggle name={['hero', 'button', 'visible']} label="显示按钮" />
          </Space>
          <Toggle name={['hero', 'statVisible']} label="显示统计" />
          <Rows
            name={['hero', 'statsData']}
            label="统计数据"
            max={8}
            empty={{ value: 0, unit: '', title: '', plus: false, visible: true }}
          >
            {(f) => (
              <>
                <Form.Item name={[...f, 'value']} noStyle>
                  <InputNumber placeholder="数值" min={0} style={{ width: 100 }} />
                </Form.Item>
                {text([...f, 'unit'], '单位', 70)}
                {text([...f, 'title'], '标题', 120)}
                <Form.Item name={[...f, 'key']} noStyle>
                  <Select
                    allowClear
                    placeholder="实时数据"
                    style={{ width: 130 }}
                    options={[
                      { value: 'suppliers', label: '供应商数' },
                      { value: 'purchaseAnnouncements', label: '采购公告数' },
                      { value: 'ongoing', label: '进行中' },
                      { value: 'results', label: '结果公示数' },
                    ]}
                  />
                </Form.Item>
                {visible([...f, 'plus'], '加号')}
                {visible([...f, 'visible'])}
              </>
            )}
          </Rows>
        </>
      ),
    },
    {
      key: 'background',
      label: '背景',
      children: (
        <>
          <Image name={['background', 'image']} label="背景图片" testId="designer-background-upload" />
          <Colour name={['background', 'color']} label="背景颜色" />
        </>
      ),
    },
    {
      key: 'logo',
      label: '标志',
      children: (
        <>
          <Image name={['logo', 'image']} label="标志图片" testId="designer-logo-upload" />
          <Form.Item name={['logo', 'text']} label="标志文字">
            <Input />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'navs',
      label: '导航',
      children: (
        <>
          <Toggle name={['navs', 'isImmersed']} label="沉浸式" />
          <Form.Item name={['navs', 'justify']} label="对齐">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'left', label: '居左' },
                { value: 'center', label: '居中' },
                { value: 'right', label: '居右' },
              ]}
            />
          </Form.Item>
          <Rows name={['navs', 'siteMap']} label="导航菜单" max={12} empty={{ title: '', url: '/', visible: true }}>
            {siteMapRow}
          </Rows>
        </>
      ),
    },
    {
      key: 'callToAction',
      label: '行动号召',
      children: (
        <>
          <Toggle name={['callToAction', 'visible']} label="显示" />
          <Form.Item name={['callToAction', 'title']} label="标题">
            <Input />
          </Form.Item>
          <Space wrap>
            <Form.Item name={['callToAction', 'btn']} label="按钮文字">
              <Input />
            </Form.Item>
            <Form.Item name={['callToAction', 'url']} label="按钮链接">
              <Input />
            </Form.Item>
          </Space>
          <Colour name={['callToAction', 'bgColor']} label="背景颜色" />
          <Form.Item name={['callToAction', 'height']} label="高度">
            <InputNumber min={80} max={600} />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'news',
      label: '新闻资讯',
      children: (
        <>
          <Toggle name={['news', 'visible']} label="显示" />
          <Form.Item name={['news', 'title']} label="标题">
            <Input />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'platformInfo',
      label: '平台特色',
      children: (
        <>
          <Toggle name={['platformInfo', 'visible']} label="显示" />
          <Form.Item name={['platformInfo', 'title']} label="标题">
            <Input />
          </Form.Item>
          <Form.Item name={['platformInfo', 'intro']} label="简介">
            <Input.TextArea rows={2} />
          </Form.Item>
          <Colour name={['platformInfo', 'color']} label="颜色" />
          <Rows
            name={['platformInfo', 'features']}
            label="特色列表"
            max={12}
            empty={{ visible: true, icon: '', title: '', content: '' }}
          >
            {(f) => (
              <>
                {text([...f, 'title'], '标题', 120)}
                {text([...f, 'icon'], '图标', 100)}
                {text([...f, 'content'], '内容', 220)}
                {visible([...f, 'visible'])}
              </>
            )}
          </Rows>
        </>
      ),
    },
    {
      key: 'companyCloud',
      label: '企业云',
      children: (
        <>
          <Toggle name={['companyCloud', 'visible']} label="显示" />
          <Form.Item name={['companyCloud', 'title']} label="标题">
            <Input />
          </Form.Item>
          <Rows name={['companyCloud', 'data']} label="展示的企业" max={50} empty={{ name: '', date: '' }}>
            {(f) => (
              <>
                {text([...f, 'name'], '企业名称', 200)}
                {text([...f, 'date'], '日期（如 2026-01-01）', 160)}
              </>
            )}
          </Rows>
        </>
      ),
    },
    {
      key: 'logoWall',
      label: '合作伙伴',
      children: (
        <>
          <Toggle name={['logoWall', 'visible']} label="显示" />
          <Form.Item name={['logoWall', 'title']} label="标题">
            <Input />
          </Form.Item>
          <Form.Item name={['logoWall', 'subtitle']} label="副标题">
            <Input />
          </Form.Item>
          <Rows
            name={['logoWall', 'logos']}
            label={`标志墙（最多 ${PORTAL_LIMITS.logoWall} 个）`}
            max={PORTAL_LIMITS.logoWall}
            empty={{ name: '', img: '', visible: true }}
          >
            {(f) => (
              <>
                {text([...f, 'name'], '名称', 140)}
                <Form.Item name={[...f, 'img']} noStyle>
                  <FileUpload
                    mode="image"
                    biz={PORTAL_BIZ}
                    maxCount={1}
                    data-testid={`designer-logo-wall-upload-${String(f[0])}`}
                  />
                </Form.Item>
                {visible([...f, 'visible'])}
              </>
            )}
          </Rows>
        </>
      ),
    },
    {
      key: 'footer',
      label: '页脚',
      children: (
        <>
          <Rows
            name={['footer', 'siteMap']}
            label="站点地图"
            max={12}
            empty={{ title: '', url: '/', visible: true, children: [] }}
          >
            {footerColumnRow}
          </Rows>
          <Rows name={['footer', 'otherLinks']} label="其他链接" max={20} empty={{ title: '', url: '/' }}>
            {(f) => (
              <>
                {text([...f, 'title'], '名称', 120)}
                {text([...f, 'url'], '链接', 220)}
              </>
            )}
          </Rows>
          <Form.Item name={['footer', 'copyright']} label="版权信息" style={{ marginTop: 12 }}>
            <Input />
          </Form.Item>
        </>
      ),
    },
    {
      key: 'about',
      label: '关于我们',
      children: (
        <>
          <Form.Item name={['about', 'intro']} label="公司简介">
            <Input.TextArea rows={3} />
          </Form.Item>
          <Rows name={['about', 'history']} label="发展历程" max={50} empty={{ year: '', month: '', content: '' }}>
            {(f) => (
              <>
                {text([...f, 'year'], '年', 70)}
                {text([...f, 'month'], '月', 60)}
                {text([...f, 'content'], '内容', 260)}
              </>
            )}
          </Rows>
          <Form.Item name={['about', 'culture']} label="企业文化" extra="段落之间空一行">
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item name={['about', 'privacy']} label="隐私政策" extra="显示在门户的隐私政策页，段落之间空一行">
            <Input.TextArea rows={6} />
          </Form.Item>
          <Rows name={['about', 'offices']} label="联系我们" max={20} empty={{ name: '', address: '', phone: '' }}>
            {(f) => (
              <>
                {text([...f, 'name'], '名称', 120)}
                {text([...f, 'address'], '地址', 220)}
                {text([...f, 'phone'], '电话', 120)}
              </>
            )}
          </Rows>
        </>
      ),
    },
  ];
}
