// The detail groups of a property page: which fields, in which order, how
// each value reads. A group shows only when one of its fields has a value.
import { formatAmount, formatDate, formatMetres, formatNumber, formatSurface } from '../../../lib/format'
import { type TFn } from '../../../lib/i18n'
import { pick } from '../../../lib/site/text'
import type { Text } from '../../../lib/site/types'
import type { Property } from '../../../shared/cards/model/types'

export interface DetailRow {
  key: string
  label: string
  value: string
  /** The value's language when it fell back to another than the page's. */
  lang?: string
}

export interface DetailGroup {
  key: string
  title: string
  rows: DetailRow[]
}

type Kind = 'count' | 'surface' | 'metres' | 'amount' | 'bool' | 'text' | 'plain' | 'date' | 'year' | 'percent' | 'orientation' | 'epcValue' | 'epcTotal' | 'co2' | 'eLevel' | 'list'

interface Field {
  key: string
  kind: Kind
  get: (p: Property) => unknown
}

const f = (key: string, kind: Kind, get: (p: Property) => unknown): Field => ({ key, kind, get })

/** Groups and fields; labels are property.field.<key>, titles property.group.<key>. */
export const GROUPS: { key: string; fields: Field[] }[] = [
  {
    key: 'general',
    fields: [
      f('reference', 'plain', (p) => p.Reference),
      f('availability', 'text', (p) => p.Availability),
      f('constructionYear', 'year', (p) => p.ConstructionYear),
      f('renovationYear', 'year', (p) => p.RenovationYear),
    ],
  },
  {
    key: 'rooms',
    fields: [
      f('bedrooms', 'count', (p) => p.Rooms?.Bedrooms),
      f('bathrooms', 'count', (p) => p.Rooms?.Bathrooms),
      f('showerRooms', 'count', (p) => p.Rooms?.ShowerRooms),
      f('toilets', 'count', (p) => p.Rooms?.Toilets),
      f('garages', 'count', (p) => p.Rooms?.Garages),
      f('parkings', 'count', (p) => p.Rooms?.Parkings),
      f('externalParkings', 'count', (p) => p.Rooms?.ExternalParkings),
      f('floors', 'count', (p) => p.Rooms?.Floors),
      f('facades', 'count', (p) => p.Rooms?.Facades),
      f('extraRooms', 'count', (p) => p.Rooms?.ExtraRooms),
    ],
  },
  {
    key: 'surfaces',
    fields: [
      f('surfaceTotal', 'surface', (p) => p.Surfaces?.SurfaceTotal),
      f('surfaceLiving', 'surface', (p) => p.Surfaces?.SurfaceLiving),
      f('surfaceGround', 'surface', (p) => p.Surfaces?.SurfaceGround),
      f('surfaceConstructed', 'surface', (p) => p.Surfaces?.SurfaceConstructed),
      f('surfaceTerrace', 'surface', (p) => p.Surfaces?.SurfaceTerrace),
      f('surfaceGarden', 'surface', (p) => p.Surfaces?.SurfaceGarden),
      f('frontWidth', 'metres', (p) => p.Surfaces?.FrontWidth),
      f('plotWidth', 'metres', (p) => p.Surfaces?.PlotWidth),
    ],
  },
  {
    key: 'energy',
    fields: [
      f('epcLabel', 'plain', (p) => p.EnergyCertificate?.EPCLabel || p.EPCLabelText),
      f('epcValue', 'epcValue', (p) => p.EnergyCertificate?.EPCValue ?? p.EnergyPerformance),
      f('epcTotal', 'epcTotal', (p) => p.EnergyCertificate?.EPCTotal),
      f('eLevel', 'eLevel', (p) => p.EnergyCertificate?.ELevel),
      f('co2', 'co2', (p) => p.EnergyCertificate?.CO2Emission),
      f('epcEndDate', 'date', (p) => p.EnergyCertificate?.EPCEndDate),
      f('epcNumber', 'plain', (p) => p.EnergyCertificate?.EPCNumber),
    ],
  },
  {
    key: 'financial',
    fields: [
      f('monthlyRent', 'amount', (p) => p.Financial?.MonthlyRent),
      f('chargesRenter', 'amount', (p) => p.Financial?.ChargesRenter),
      f('chargesOwner', 'amount', (p) => p.Financial?.ChargesOwner),
      f('totalCost', 'amount', (p) => p.Financial?.TotalCost),
      f('deposit', 'amount', (p) => p.Financial?.Deposit),
      f('inventory', 'amount', (p) => p.Financial?.Inventory),
      f('agencyCost', 'amount', (p) => p.Financial?.AgencyCost),
      f('garagePrice', 'amount', (p) => p.Financial?.GaragePrice),
      f('parkingPrice', 'amount', (p) => p.Financial?.ParkingPrice),
      f('cadastralIncome', 'amount', (p) => p.Financial?.CadastralIncome),
      f('realEstateTax', 'amount', (p) => p.Financial?.RealEstateTax),
      f('registrationRights', 'amount', (p) => p.Financial?.RegistrationRights),
      f('notaryFees', 'amount', (p) => p.Financial?.NotaryFees),
      f('notaryFeesVAT', 'amount', (p) => p.Financial?.NotaryFeesVAT),
      f('vatRegime', 'bool', (p) => p.Financial?.VATRegime),
      f('vatValue', 'percent', (p) => p.Financial?.VATValue),
    ],
  },
  {
    key: 'lifeAnnuity',
    fields: [
      f('bouquet', 'amount', (p) => p.LifeAnnuity?.Bouquet),
      f('monthlyAnnuity', 'amount', (p) => p.LifeAnnuity?.MonthlyAnnuity),
      f('occupied', 'bool', (p) => p.LifeAnnuity?.Occupied),
      f('headAges', 'list', (p) => p.LifeAnnuity?.HeadAges),
    ],
  },
  {
    key: 'features',
    fields: [
      f('heating', 'text', (p) => p.Features?.HeatingType),
      f('kitchen', 'text', (p) => p.Features?.Kitchen),
      f('windowGlazing', 'text', (p) => p.Features?.WindowGlazing),
      f('windowFrame', 'text', (p) => p.Features?.WindowFrame),
      f('roofMaterial', 'text', (p) => p.Features?.RoofMaterial),
      f('roofCondition', 'text', (p) => p.Features?.RoofCondition),
      f('floorCovering', 'text', (p) => p.Features?.FloorCovering),
      f('terraceOrientation', 'orientation', (p) => p.Features?.TerraceOrientation),
      f('gardenOrientation', 'orientation', (p) => p.Features?.GardenOrientation),
      f('rearOrientation', 'orientation', (p) => p.Features?.RearOrientation),
    ],
  },
  {
    key: 'flags',
    fields: (['Gas', 'Water', 'Electricity', 'Drain', 'Lift', 'Cellar', 'Terrace', 'Garden', 'Attic', 'Furnished', 'Garage', 'Parking', 'Pool'] as const).map((k) =>
      f(k.charAt(0).toLowerCase() + k.slice(1), 'bool', (p) => p.Flags?.[k]),
    ),
  },
  {
    key: 'certificates',
    fields: [
      f('gasCertificate', 'bool', (p) => p.Certificates?.GasCertificate),
      f('electricityCertificate', 'bool', (p) => p.Certificates?.ElectricityCertificate),
      f('groundCertificate', 'bool', (p) => p.Certificates?.GroundCertificate),
    ],
  },
  {
    key: 'legal',
    fields: [
      f('permit', 'text', (p) => p.Legal?.Permit),
      f('planningDesignation', 'text', (p) => p.Legal?.PlanningDesignation),
      f('allotmentPermit', 'bool', (p) => p.Legal?.AllotmentPermit),
      f('summons', 'bool', (p) => p.Legal?.Summons),
      f('preemptiveRights', 'bool', (p) => p.Legal?.PreemptiveRights),
      f('judicialDecision', 'bool', (p) => p.Legal?.JudicialDecision),
    ],
  },
  {
    key: 'flood',
    fields: [
      f('floodZone', 'text', (p) => p.Flood?.FloodZoneName),
      f('gScore', 'plain', (p) => p.Flood?.GScore),
      f('pScore', 'plain', (p) => p.Flood?.PScore),
      f('riskArea', 'text', (p) => p.Flood?.RiskAreaText),
      f('riparianZone', 'bool', (p) => p.Flood?.RiparianZone),
    ],
  },
  {
    key: 'asbestos',
    fields: [
      f('asbestosType', 'text', (p) => p.Asbestos?.AsbestosType),
      f('asbestosDate', 'date', (p) => p.Asbestos?.AsbestosDate),
    ],
  },
]

/** Compass points of the orientations (property.orientation.<point>). */
export const ORIENTATIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const

function show(kind: Kind, v: unknown, t: TFn, lang: string): { value: string; lang?: string } {
  if (kind !== 'text') return { value: plain(kind, v, t, lang) }
  const picked = pick(v as Text | undefined, lang)
  return { value: picked.text.trim(), lang: picked.lang }
}

function plain(kind: Kind, v: unknown, t: TFn, lang: string): string {
  if (v === undefined || v === null || v === '') return ''
  switch (kind) {
    case 'bool':
      return typeof v === 'boolean' ? t(v ? 'common.yes' : 'common.no') : ''
    case 'list':
      return Array.isArray(v) && v.length ? v.join(', ') : ''
    case 'orientation': {
      const s = String(v).toUpperCase()
      return (ORIENTATIONS as readonly string[]).includes(s) ? t(`property.orientation.${s}`) : String(v)
    }
    case 'plain':
      return typeof v === 'number' ? formatNumber(v) : String(v).trim()
    case 'date':
      return formatDate(String(v), lang)
  }
  if (typeof v !== 'number' || !Number.isFinite(v)) return ''
  switch (kind) {
    case 'count':
    case 'year':
      return v > 0 ? String(v) : ''
    case 'surface':
      return v > 0 ? formatSurface(v) : ''
    case 'metres':
      return v > 0 ? formatMetres(v) : ''
    case 'amount':
      return v !== 0 ? formatAmount(v) : ''
    case 'percent':
      return `${formatNumber(v)} %`
    case 'epcValue':
      return `${formatNumber(v, 0)} kWh/m²`
    case 'epcTotal':
      return `${formatNumber(v, 0)} kWh`
    case 'co2':
      return `${formatNumber(v, 0)} kg CO₂/m²`
    case 'eLevel':
      return `E${formatNumber(v, 0)}`
  }
  return ''
}

/** The rows of one group of p that have a value, labels translated. */
export function groupRows(key: string, p: Property, t: TFn, lang: string): DetailRow[] {
  const g = GROUPS.find((x) => x.key === key)
  const rows: DetailRow[] = []
  for (const fl of g?.fields ?? []) {
    const { value, lang: in_ } = show(fl.kind, fl.get(p), t, lang)
    if (value) rows.push({ key: fl.key, label: t(`property.field.${fl.key}`), value, ...(in_ ? { lang: in_ } : {}) })
  }
  return rows
}

/** The groups of p (all, or those named by keys, in GROUPS order) that have something to show. */
export function detailGroups(p: Property, t: TFn, lang: string, keys?: readonly string[]): DetailGroup[] {
  const out: DetailGroup[] = []
  for (const g of GROUPS) {
    if (keys && !keys.includes(g.key)) continue
    const rows = groupRows(g.key, p, t, lang)
    if (rows.length) out.push({ key: g.key, title: t(`property.group.${g.key}`), rows })
  }
  return out
}

/** The label as people write it: "a_plusplus" → "A++", "b_min" → "B-", "c" → "C". */
export function epcText(label: string): string {
  return label
    .replace(/_plusplus$/, '++')
    .replace(/_plus$/, '+')
    .replace(/_min$/, '-')
    .toUpperCase()
}
