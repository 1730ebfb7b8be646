// Listings as the Go catalog sends them (internal/catalog: property.go,
// card.go, project.go), in the seed's field names.
import type { Picture, Text } from '../../../lib/site/types'

export const GOAL_SALE = 0

/** The fields a list card and a full property share, in the seed's names. */
export interface Listing {
  ID: number
  Goal: number
  TypeDescription: string
  MainTypeName?: string
  WebID?: number
  Price: number
  PublishPrice: boolean
  PriceUnit: number
  PriceUnitText?: string
  Marquee: number
  /** The feed's label text, in the listing's Language: shown only for a code we do not translate (marqueeOf). */
  MarqueeName?: string
  /** The language the listing's feed texts are written in. */
  Language?: string
  PublishAddress: boolean
  Street?: string
  HouseNumber?: string
  BoxNr?: string
  Zip: string
  City: string
  CountryID?: number
  CountryName?: string
  EnergyPerformance?: number
  EPCLabelText?: string
}

/** A list card (route.CardView = catalog.Card + href), in the page's language. */
export interface Card extends Listing {
  SmallPictureItem: Picture
  XLargePictureItem?: Picture
  Title?: string
  /** The title's language when it fell back from the page's (for its lang attribute). */
  TitleLang?: string
  Status: 'available' | 'sold' | 'rented' | string
  DateCreated?: string
  Bedrooms?: number
  Bathrooms?: number
  SurfaceLiving?: number
  SurfaceGround?: number
  href: string
}

export interface Financial {
  MonthlyRent?: number
  ChargesOwner?: number
  ChargesRenter?: number
  TotalCost?: number
  AgencyCost?: number
  Inventory?: number
  Deposit?: number
  GaragePrice?: number
  ParkingPrice?: number
  RealEstateTax?: number
  CadastralIncome?: number
  NotaryFees?: number
  NotaryFeesVAT?: number
  RegistrationRights?: number
  VATRegime?: boolean
  VATValue?: number
}

export interface Rooms {
  Bedrooms?: number
  Bathrooms?: number
  ShowerRooms?: number
  Toilets?: number
  Garages?: number
  Parkings?: number
  ExternalParkings?: number
  Floors?: number
  Facades?: number
  ExtraRooms?: number
}

export interface Surfaces {
  SurfaceTotal?: number
  SurfaceLiving?: number
  SurfaceGround?: number
  SurfaceTerrace?: number
  SurfaceGarden?: number
  SurfaceConstructed?: number
  FrontWidth?: number
  PlotWidth?: number
}

export interface EnergyCertificate {
  EPCValue?: number
  EPCTotal?: number
  EPCLabel?: string
  EPCEndDate?: string
  CO2Emission?: number
  ELevel?: number
  EPCNumber?: string
}

export interface Features {
  HeatingType?: Text
  Kitchen?: Text
  WindowGlazing?: Text
  WindowFrame?: Text
  RoofMaterial?: Text
  RoofCondition?: Text
  FloorCovering?: Text
  TerraceOrientation?: string
  GardenOrientation?: string
  RearOrientation?: string
}

/** Yes/no facts; absent means unknown. */
export interface Flags {
  Gas?: boolean
  Water?: boolean
  Electricity?: boolean
  Drain?: boolean
  Lift?: boolean
  Cellar?: boolean
  Terrace?: boolean
  Garden?: boolean
  Attic?: boolean
  Furnished?: boolean
  Garage?: boolean
  Parking?: boolean
  Pool?: boolean
}

export interface Legal {
  Permit?: Text
  AllotmentPermit?: boolean
  Summons?: boolean
  PreemptiveRights?: boolean
  JudicialDecision?: boolean
  PlanningDesignation?: Text
}

export interface Flood {
  FloodZoneName?: Text
  GScore?: string
  PScore?: string
  RiskAreaText?: Text
  RiparianZone?: boolean
}

export interface Asbestos {
  AsbestosType?: Text
  AsbestosDate?: string
}

export interface Certificates {
  GasCertificate?: boolean
  ElectricityCertificate?: boolean
  GroundCertificate?: boolean
}

export interface LifeAnnuity {
  Bouquet?: number
  MonthlyAnnuity?: number
  Occupied?: boolean
  HeadAges?: number[]
}

export interface Manager {
  Name: string
  Phone?: string
  Email?: string
}

export interface Document {
  ID: number
  Name: Text
}

export interface PointOfInterest {
  Kind: string
  Name: string
  Distance: number
}

/** A property in full (catalog.Property, made public: a private address has no street). */
export interface Property extends Listing {
  SmallPictureItem: Picture
  XLargePictureItem: Picture
  Pictures?: Picture[] | null
  Title?: Text
  Description?: Text
  Status: string
  DateCreated?: string
  Reference?: string
  Availability?: Text
  VirtualTour?: string
  ConstructionYear?: number
  RenovationYear?: number
  Financial?: Financial
  Rooms?: Rooms
  Surfaces?: Surfaces
  EnergyCertificate?: EnergyCertificate
  Features?: Features
  Flags?: Flags
  Legal?: Legal
  Flood?: Flood
  Asbestos?: Asbestos
  Certificates?: Certificates
  LifeAnnuity?: LifeAnnuity
  Manager?: Manager
  Documents?: Document[] | null
  PointsOfInterest?: PointOfInterest[] | null
}

export interface Construction {
  Name: Text
  Description?: Text
}

export interface Unit {
  Unit: string
  Floor: string
  Price: number
  Surface: number
  Bedrooms?: number
  Construction?: string
  Status: 'available' | 'sold' | 'soldout' | string
}

export interface Project {
  ID: number
  Name: Text
  Description?: Text
  ProjectNumber?: string
  PublicAddress: boolean
  Street?: string
  HouseNumber?: string
  BoxNr?: string
  Zip: string
  City: string
  CountryID?: number
  CountryName?: string
  SmallPictureItem?: Picture
  XLargePictureItem?: Picture
  Pictures?: Picture[] | null
  Delivery?: Text
  PriceFrom?: number
  PriceTo?: number
  Constructions?: Construction[] | null
  Units?: Unit[] | null
  Documents?: Document[] | null
  Status?: string
}
