// Listings as the Go catalog sends them (internal/domain/catalog: property.go,
// public.go: the public views), generated from the Go structs.
export type {
  Asbestos,
  CardView as Card,
  Certificates,
  Construction,
  Document,
  EnergyCertificate,
  Features,
  Financial,
  Flags,
  Flood,
  Legal,
  LifeAnnuity,
  Manager,
  PointOfInterest,
  ProjectCard,
  PublicProject as Project,
  PublicProperty as Property,
  Rooms,
  Surfaces,
  Unit,
} from '../../../gen/pages'
import type { CardView, PublicProperty as Property } from '../../../gen/pages'

export const GOAL_SALE = 0

/** The fields a list card and a full property share. */
export type Listing = Pick<CardView & Property, keyof CardView & keyof Property>
