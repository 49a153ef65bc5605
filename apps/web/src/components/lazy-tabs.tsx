import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Spin, Tabs } from 'antd';

export function PageSpinner() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin />
    </div>
  );
}

export type LazyTabsProps<Key extends string> = {
  tabs: readonly { key: Key; title: string }[];
  /** Each tab's content, loaded when the tab is first shown. */
  content: Record<Key, LazyExoticComponent<ComponentType>>;
  activeKey: Key | undefined;
  onChange: (key: Key) => void;
  testId: string;
};

/** A page's tabs whose contents load lazily; inactive tabs are unmounted so they stop loading data. */
export function LazyTabs<Key extends string>({ tabs, content, activeKey, onChange, testId }: LazyTabsProps<Key>) {
  return (
    <Tabs
      activeKey={activeKey}
      onChange={(key) => onChange(key as Key)}
      destroyOnHidden
      data-testid={testId}
      items={tabs.map((tab) => {
        const Content: LazyExoticComponent<ComponentType> = content[tab.key];
        return {
          key: tab.key,
          label: tab.title,
          children: (
            <Suspense fallback={<PageSpinner />}>
              <Content />
            </Suspense>
          ),
        };
      })}
    />
  );
}
