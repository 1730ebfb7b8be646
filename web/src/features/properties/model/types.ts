// Listings as the Go catalog sends them (internal/catalog: property.go,
// card.go, project.go), generated from the Go structs.
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
  Project,
  Property,
  Rooms,
  Surfaces,
  Unit,
} from '../../../gen/pages'
import type { CardView, Property } from '../../../gen/pages'

export const GOAL_SALE = 0

/** The fields a list card and a full property share. */
export type Listing = Pick<CardView & Property, keyof CardView & keyof Property>
