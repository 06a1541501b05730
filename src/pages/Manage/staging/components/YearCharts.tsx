/**
 * The year's charts: new member units and practitioners by month, projects by type and by risk
 * level. @ant-design/plots is heavy, so this module is loaded on demand by the workbench page
 * only (React.lazy), and no other chunk pulls it in.
 */
import { Column, Pie } from '@ant-design/plots';
import { Card, Col, Empty, Row } from 'antd';
import type { LabelledCount, WorkbenchMonth } from '@common/schemas/workbench';

export interface YearChartsProps {
  year: number;
  monthly: WorkbenchMonth[];
  projectsByType: LabelledCount[];
  projectsByRisk: LabelledCount[];
}

const HEIGHT = 260;

function PieOf({ data, title, year }: { data: LabelledCount[]; title: string; year: number }) {
  const total = data.reduce((sum, d) => sum + d.count, 0);
  return (
    <Card title={title} size="small">
      {total === 0 ? (
        <Empty description={`${year} 年暂无项目`} />
      ) : (
        <Pie
          height={HEIGHT}
          data={data}
          angleField="count"
          colorField="label"
          innerRadius={0.55}
          label={{ text: 'count', style: { fontWeight: 'bold' } }}
          legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' } } }}
          tooltip={{ title: 'label' }}
        />
      )}
    </Card>
  );
}

export default function YearCharts({ year, monthly, projectsByType, projectsByRisk }: YearChartsProps) {
  const monthData = monthly.flatMap((m) => [
    { month: `${Number(m.month.slice(5))}月`, series: '新增会员单位', count: m.units },
    { month: `${Number(m.month.slice(5))}月`, series: '新增从业人员', count: m.practitioners },
  ]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={`${year} 年每月新增会员单位与从业人员`} size="small">
          {monthData.some((d) => d.count > 0) ? (
            <Column height={HEIGHT} data={monthData} xField="month" yField="count" colorField="series" group legend={{ color: { position: 'top' } }} />
          ) : (
            <Empty description={`${year} 年没有新增会员单位和从业人员`} />
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <PieOf data={projectsByType} title={`${year} 年项目类型`} year={year} />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <PieOf data={projectsByRisk} title={`${year} 年项目风险等级`} year={year} />
      </Col>
    </Row>
  );
}
