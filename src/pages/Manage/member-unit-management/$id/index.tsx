/**
 * One member unit's page (staff, 进入单位): the navigation context (src/models/navigation.ts)
 * says which unit staff are in (its unitId, and the breadcrumb 会员单位管理 / <unit name>), the
 * unit's summary, and its practitioners, projects and business cases as links into those
 * pages filtered to this unit (`?unitId=`), with their counts. 详细资料 shows everything the
 * detail drawer shows (fields, files, certificate, review history).
 */
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { PageContainer } from '@ant-design/pro-components';
import { Link, useModel, useNavigate, useParams } from '@umijs/max';
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Statistic, Tabs, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import type { PermissionCode } from '@common/permissions';
import { MEMBER_UNIT_STATUS_LABELS, type MemberUnitRecord } from '@common/schemas/memberUnits';
import { LoadFailed } from '@/components/LoadError';
import { useCan } from '@/hooks/useCan';
import { useRecord } from '@/hooks/useRecord';
import { isApiError } from '@/requestErrors';
import { memberUnits } from '@/services/memberUnits';
import CertificateLink from '@/components/CertificateLink';
import UnitDetail from '../components/UnitDetail';
import { useChangeDecisions } from '../components/UnitDetailDrawer';
import UnitStatus from '../components/UnitStatus';
import { labelOf } from '@/hooks/useDictionaries';
import { levelColor, useMemberLevels } from '../components/useMemberLevels';

const LIST_PATH = '/Manage/member-unit-management';

/** The unit's records on the other pages, filtered to it. */
export function unitLinks(id: string, counts: MemberUnitRecord['counts']) {
  const q = `?unitId=${encodeURIComponent(id)}`;
  return [
    {
      key: 'practitioners',
      title: '从业人员',
      value: counts.practitioners,
      note: counts.pendingPractitioners ? `另有 ${counts.pendingPractitioners} 人待审核` : '已通过审核',
      path: `/Manage/employee-management${q}`,
      code: 'member:practitioner:view' as PermissionCode,
    },
    { key: 'projects', title: '项目', value: counts.projects, note: '全部稳评项目', path: `/Manage/project-management${q}`, code: 'project:view' as PermissionCode },
    { key: 'cases', title: '业绩案例', value: counts.cases, note: '全部业绩案例', path: `/Manage/performance-case${q}`, code: 'case:view' as PermissionCode },
  ];
}

export default function MemberUnitPage() {
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const can = useCan();
  const levels = useMemberLevels();
  const { setUnitId, setBreadcrumb } = useModel('navigation');
  const loaded = useRecord(id, memberUnits.get);
  const unit = loaded.record ?? null;
  const unitName = unit?.name;

  // The context: this unit, until staff leave for the list (which resets it). The unitId stays
  // when staff follow a link below, so that the practitioner, project and case pages see it.
  useEffect(() => {
    setUnitId(id);
  }, [id, setUnitId]);
  useEffect(() => {
    if (unitName) setBreadcrumb([{ breadcrumbName: unitName }]);
    return () => setBreadcrumb([]);
  }, [unitName, setBreadcrumb]);

  const decisions = useChangeDecisions(unit, loaded.reload);

  const back = (
    <Button key="back" icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
      返回会员单位列表
    </Button>
  );

  if (!unit) {
    const notFound = isApiError(loaded.error) && loaded.error.httpStatus === 404;
    return (
      <PageContainer title="会员单位">
        {loaded.loading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <LoadFailed
            title={notFound ? '会员单位不存在' : '会员单位加载失败'}
            notFound={notFound}
            onRetry={notFound ? undefined : loaded.reload}
            extra={[back]}
          />
        )}
      </PageContainer>
    );
  }

  const overview = (
    <>
      {unit.pendingChange && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="该单位提交了关键信息变更，等待审核：请在“详细资料”中查看并审核。" />
      )}
      {unit.statusReason && (
        <Alert type={unit.status === 'suspended' ? 'warning' : 'error'} showIcon style={{ marginBottom: 16 }} title={`${MEMBER_UNIT_STATUS_LABELS[unit.status]}：${unit.statusReason}`} />
      )}
      <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 24 }}>
        <Descriptions.Item label="会员编号">{unit.memberNo ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="会员级别">
          {unit.memberLevel ? <Tag color={levelColor(unit.memberLevel)}>{labelOf(levels, unit.memberLevel)}</Tag> : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <UnitStatus status={unit.status} />
        </Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{unit.creditCode}</Descriptions.Item>
        <Descriptions.Item label="入会日期">{unit.joinDate ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="有效期至">{unit.validUntil ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="法定代表人">{unit.legalRepresentative}</Descriptions.Item>
        <Descriptions.Item label="联系人">{`${unit.contactPerson}（${unit.contactPhone}）`}</Descriptions.Item>
        <Descriptions.Item label="会员证书">
          {unit.certificate ? (
            <CertificateLink number={unit.certificate.number} />
          ) : (
            '-'
          )}
        </Descriptions.Item>
      </Descriptions>
      <Row gutter={[16, 16]}>
        {unitLinks(unit.id, unit.counts).map((link) => {
          const allowed = can(link.code);
          return (
            <Col key={link.key} xs={24} md={8}>
              <Card>
                <Statistic title={link.title} value={link.value} suffix={link.key === 'practitioners' ? '人' : '项'} />
                <Typography.Paragraph type="secondary" style={{ margin: '4px 0 12px' }}>
                  {link.note}
                </Typography.Paragraph>
                {allowed ? (
                  <Link to={link.path}>查看本单位{link.title}</Link>
                ) : (
                  <Typography.Text type="secondary">无权查看{link.title}</Typography.Text>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
    </>
  );

  return (
    <PageContainer title={unit.name} subTitle={<UnitStatus status={unit.status} />} extra={[back]}>
      <Tabs
        items={[
          { key: 'overview', label: '概况', children: overview },
          { key: 'detail', label: '详细资料', children: <UnitDetail unit={unit} levels={levels} changeActions={decisions.actions} /> },
        ]}
      />
      {decisions.modal}
    </PageContainer>
  );
}
