// Demo-like props for every view, shaped as internal/http/web/route builds them
// (route.Shell, Head, CardView, catalog.Property…), in any language.
import type { Lang } from '../lib/i18n'
import type { Page } from '../lib/router'
import type { HeadProps, Shell } from '../lib/site/types'
import type { Card, Property } from '../shared/cards/model/types'
import type { ViewName, ViewProps } from '../gen/pages'

const slugs: Record<Lang, { sale: string; rent: string; sold: string }> = {
  nl: { sale: 'te-koop', rent: 'te-huur', sold: 'verkocht-verhuurd' },
  fr: { sale: 'a-vendre', rent: 'a-louer', sold: 'vendus-loues' },
  en: { sale: 'for-sale', rent: 'for-rent', sold: 'sold-rented' },
  de: { sale: 'zu-verkaufen', rent: 'zu-vermieten', sold: 'verkauft-vermietet' },
}
const names: Record<Lang, string> = { nl: 'Nederlands', fr: 'Français', en: 'English', de: 'Deutsch' }

export function shell(lang: Lang, opts: { languages?: Lang[]; path?: (l: Lang) => string } = {}): Shell {
  const langs = opts.languages ?? ['nl', 'fr', 'en', 'de']
  const path = opts.path ?? ((l: Lang) => `/${l}/`)
  const s = slugs[lang]
  return {
    lang,
    agency: {
      name: 'Immo Arlon', phone: '063224455', phoneText: '063 22 44 55', email: 'info@immo-arlon.be',
      street: 'Grand-Rue 12', zip: '6700', city: 'Arlon', logo: '/pictures/demo/logo.png',
      openingHours: [
        { day: 'monday', hours: [{ from: '09:00', to: '12:30' }, { from: '13:30', to: '18:00' }] },
        // A note Go sends in the page's language, or in French with its lang (no German in the demo note).
        { day: 'saturday', hours: [], ...(lang === 'de' ? { text: 'Sur rendez-vous', lang: 'fr' } : { text: { nl: 'Op afspraak', fr: 'Sur rendez-vous', en: 'By appointment' }[lang] }) },
        { day: 'sunday', hours: [] },
      ],
    },
    header: { menuPosition: 'right', logoPosition: 'left', showLogoAtStart: false, changeOnScroll: true, drawerButton: 'right', freeValuationButton: true },
    menu: [
      { label: 'Sale', href: `/${lang}/${s.sale}/` },
      { label: 'Rent', href: `/${lang}/${s.rent}/` },
      { label: 'Contact', href: `/${lang}/contact/`, children: [{ label: 'Team', href: `/${lang}/contact/team/` }] },
      { label: 'Blog', href: 'https://blog.example.be/', external: true },
    ],
    topBar: {
      left: [{ label: '063 22 44 55', href: 'tel:+3263224455', external: true, icon: 'phone' }],
      right: [{ label: 'Facebook', href: 'https://www.facebook.com/immoarlon', external: true, icon: 'facebook', color: '#1877f2' }],
    },
    footer: {
      columns: [
        { title: 'Immo Arlon', intro: '<p>Grand-Rue 12<br>6700 Arlon</p>', text: `<ul><li><a href="/${lang}/${s.sale}/">Sale</a></li></ul>`, col: { sm: 12, md: 6, lg: 4 } },
        { title: 'About', intro: '<p>Since 2009.</p>', col: { sm: 12, md: 6, lg: 8 } },
      ],
      copyright: '© 2026 Immo Arlon',
      legal: [{ label: 'Privacy', href: `/${lang}/privacy/` }],
    },
    languages: langs.length > 1 ? langs.map((l) => ({ label: names[l], href: path(l), lang: l, current: l === lang || undefined })) : [],
    links: { home: `/${lang}/`, sale: `/${lang}/${s.sale}/`, rent: `/${lang}/${s.rent}/`, sold: `/${lang}/${s.sold}/`, valuation: `/${lang}/valuation/`, login: `/${lang}/account/login/`, account: `/${lang}/account/`, owner: `/${lang}/owner/` },
  }
}

export function head(title: string, lang: Lang, canonical = `https://example.test/${lang}/`): HeadProps {
  return {
    title: `${title} | Immo Arlon`,
    description: `${title} description`,
    canonical,
    alternates: (['nl', 'fr', 'en', 'de'] as const).map((l) => ({ lang: l, href: canonical.replace(`/${lang}/`, `/${l}/`) })),
    type: 'website', robots: 'index, follow', siteName: 'Immo Arlon', locale: `${lang}_BE`,
  }
}

export function card(i: number, lang: Lang, over: Partial<Card> = {}): Card {
  const sale = i % 3 !== 2
  return {
    ID: 4100000 + i, Goal: sale ? 0 : 1, TypeDescription: i % 2 ? 'Appartement' : 'Villa/Maison/Ferme', WebID: 1,
    Price: sale ? 250000 + 1000 * i : 950 + i, PublishPrice: i !== 4, PriceUnit: i === 5 ? 7 : 1, Marquee: [0, 1, 3, 13, 2][i % 5],
    MarqueeName: ['', 'Nouveau', 'Sous compromis', 'Coup de cœur', 'Prix en baisse'][i % 5],
    Zip: '6700', City: i % 4 ? 'Arlon' : 'Virton',
    SmallPictureItem: { ID: i, Name: 'Façade', Url: `/pictures/demo/house-0${(i % 9) + 1}.jpg`, Width: 250, Height: 167 },
    XLargePictureItem: { ID: i, Name: 'Façade', Url: `/pictures/demo/house-0${(i % 9) + 1}.jpg`, Width: 1600, Height: 1067 },

    Title: i % 2 ? `Appartement ${i} à Arlon` : '', Status: i === 7 ? 'sold' : i === 8 ? 'rented' : 'available',
    Bedrooms: i % 4, Bathrooms: 1, SurfaceLiving: i % 3 ? 120 + i : 0, SurfaceGround: 1134,
    href: `/${lang}/${slugs[lang].sale}/arlon/villa/${4100000 + i}/`, ...over,
  }
}

/** The fields Go always sends of a card, empty: a test's card spells only what it is about. */
export const cardZero = { WebID: 0, XLargePictureItem: { Url: '' }, } satisfies Partial<Card>

export function property(): Property {
  const c = card(1, 'fr')
  return {
    ...c, Goal: 0, PublishAddress: false, Street: '', HouseNumber: '', WebIDs: '1', CountryID: 10, CountryName: 'Belgique',
    XLargePictureItem: { ID: 1, Name: 'Façade', Url: '/pictures/demo/house-01.jpg', Width: 1600, Height: 1067 },
    Pictures: [
      { ID: 1, Name: 'Façade', Url: '/pictures/demo/house-01.jpg', Width: 1600, Height: 1067 },
      { ID: 2, Name: 'Séjour', Url: '/pictures/demo/living-01.jpg', Width: 1600, Height: 1067 },
    ],
    Title: { fr: 'Villa 4 chambres à Arlon', en: 'Four-bedroom villa in Arlon', nl: 'Villa met 4 slaapkamers', de: '' },
    Description: { fr: 'Belle villa.\n\nJardin.', en: 'Nice villa.', nl: 'Mooie villa.', de: '' },
    Reference: 'ARL-1060', Availability: { fr: 'Libre au 1er janvier', en: 'Available 1 January', nl: 'Vrij op 1 januari', de: '' },
    VirtualTour: 'https://my.matterport.com/show/?m=x', ConstructionYear: 2025, RenovationYear: 2026,
    Financial: { MonthlyRent: 1200, ChargesOwner: 10, ChargesRenter: 20, TotalCost: 1230, AgencyCost: 100, Inventory: 150, Deposit: 3600, GaragePrice: 90, ParkingPrice: 50,
      RealEstateTax: 1439, CadastralIncome: 1515, NotaryFees: 4340, NotaryFeesVAT: 5250, RegistrationRights: 11810, VATRegime: true, VATValue: 21 },
    Rooms: { Bedrooms: 4, Bathrooms: 1, ShowerRooms: 1, Toilets: 3, Garages: 2, Parkings: 1, ExternalParkings: 2, Floors: 2, Facades: 4, ExtraRooms: 1 },
    Surfaces: { SurfaceTotal: 198, SurfaceLiving: 172, SurfaceGround: 1134, SurfaceTerrace: 38, SurfaceGarden: 702, SurfaceConstructed: 103, FrontWidth: 8.4, PlotWidth: 20.8 },
    EnergyCertificate: { EPCValue: -8, EPCTotal: -1376, EPCLabel: 'A++', EPCEndDate: '2031-04-17', CO2Emission: 3, ELevel: 30, EPCNumber: '20210417169945' },
    Features: { HeatingType: { fr: 'Pompe à chaleur', en: 'Heat pump', nl: 'Warmtepomp', de: '' }, Kitchen: { fr: 'Équipée' }, WindowGlazing: { fr: 'Triple' },
      WindowFrame: { fr: 'PVC' }, RoofMaterial: { fr: 'Ardoises' }, RoofCondition: { fr: 'Neuve' }, FloorCovering: { fr: 'Carrelage' },
      TerraceOrientation: 'NW', GardenOrientation: 'S', RearOrientation: 'N' },
    Flags: { Gas: false, Water: true, Electricity: true, Drain: true, Lift: false, Cellar: true, Terrace: true, Garden: true, Attic: true, Furnished: false, Garage: true, Parking: true, Pool: true },
    Legal: { Permit: { fr: 'Oui' }, AllotmentPermit: false, Summons: false, PreemptiveRights: false, JudicialDecision: false, PlanningDesignation: { fr: 'Zone d’habitat' } },
    Flood: { FloodZoneName: { fr: 'Non inondable' }, GScore: 'A', PScore: 'A', RiskAreaText: { fr: 'Aucun' }, RiparianZone: false },
    Asbestos: { AsbestosType: { fr: 'Aucun' }, AsbestosDate: '2024-01-02' },
    Certificates: { GasCertificate: true, ElectricityCertificate: true, GroundCertificate: true },
    LifeAnnuity: { Bouquet: 50000, MonthlyAnnuity: 900, Occupied: true, HeadAges: [78, 81] },
    Manager: { Name: 'Marc Schmit', Phone: '0496234517', Email: 'marc.schmit@immo-arlon.be' },
    Documents: [{ ID: 1, Name: { fr: 'Certificat PEB', en: 'EPC certificate', nl: 'EPC-certificaat', de: '' } }],
    PointsOfInterest: [{ Kind: 'school', Name: 'Athénée', Distance: 460 }, { Kind: 'station', Name: 'Gare', Distance: 4200 }, { Kind: 'bakery', Name: 'Boulangerie', Distance: 300 }, { Kind: 'supermarket', Name: 'Delhaize', Distance: 900 }],
  }
}

// Each view's props checked against the contract generated from Go.
const page = <V extends ViewName>(component: V, url: string, props: ViewProps[V]): Page =>
  ({ component, url, props: props as unknown as Record<string, unknown>, version: 'test' })

/** One page of every view in lang. */
export function pagesIn(lang: Lang, languages?: Lang[]): Page[] {
  const site = (path?: (l: Lang) => string) => shell(lang, { languages, path })
  const s = slugs[lang]
  const cards = Array.from({ length: 12 }, (_, i) => card(i + 1, lang))
  return [
    page('Home', `/${lang}/`, {
      site: site(), head: head('Home', lang),
      banner: { type: 'properties', image: '/pictures/demo/banner.jpg', title: 'Votre agence', description: 'Vente et location', showLogo: true, properties: cards.slice(0, 2) },
      searchBlock: { title: 'Trouvez', description: '43 à vendre', saleHref: `/${lang}/${s.sale}/`, rentHref: `/${lang}/${s.rent}/`, saleCount: 43, rentCount: 15, showCounts: true },
      modules: [
        { id: 1, view: 'latest-offers', title: 'Les dernières offres', titleSize: 'h2', numberItemOfRow: 4, maxItems: 4, items: cards.slice(0, 6), moreHref: `/${lang}/${s.sale}/` },
        { id: 2, view: 'spotlight-rent', title: 'À louer', titleSize: 'h2', numberItemOfRow: 3, maxItems: 3, items: [], moreHref: `/${lang}/${s.rent}/` },
        { id: 4, view: 'services', title: 'Nos services', titleSize: 'h2', description: 'Une équipe locale', numberItemOfRow: 3, maxItems: 3,
          entries: [{ title: { fr: 'Estimation gratuite', en: 'Free valuation', nl: 'Gratis schatting', de: '' }, description: { fr: 'Un expert…', en: 'An expert…' }, link: `/${lang}/contact/` }] },
        { id: 5, view: 'testimonials', title: 'Témoignages', titleSize: 'h2', numberItemOfRow: 3, maxItems: 6,
          testimonials: [{ title: 'Vente rapide', comment: 'Vendue en six semaines.', name: 'Marie D., Arlon', lang: 'fr' }] },
      ],
    }),
    page('PropertyList', `/${lang}/${s.sale}/?page=2&sort=price&order=asc`, {
      site: site((l) => `/${l}/${slugs[l].sale}/?order=asc&page=2&sort=price`), head: head('List', lang),
      title: 'A vendre', titleSize: 'h1', list: 'sale',
      filters: { city: 'Arlon|6700', type: '', priceMin: '', priceMax: '', bedroomsMin: '', sort: 'price', order: 'asc' },
      page: 2, pages: 4, total: 43, items: cards, types: [], cities: [], pageUrl: `/${lang}/${s.sale}/`, mode: 'list',
    }),
    page('PropertyList', `/${lang}/${s.sale}/?sort=size`, {
      site: site(), head: head('List', lang), title: 'A vendre', titleSize: 'h1', list: 'sale',
      filters: { city: 'Nowhere', type: '', priceMin: '', priceMax: '', bedroomsMin: '', sort: '', order: '' },
      page: 1, pages: 0, total: 0, items: [], types: [], cities: [], pageUrl: `/${lang}/${s.sale}/`, mode: 'list', error: 'Le paramètre sort n’est pas valide',
    }),
    page('Property', `/${lang}/${s.sale}/arlon/villa/4100001/`, {
      site: site(), head: head('Villa', lang), property: property(), similar: cards.slice(0, 4), notice: 'Bien vendu',
      epc: { label: 'a_plusplus', image: '/images/epc/wallonia/a_plusplus.svg', region: 'wallonia' },
      listUrl: `/${lang}/${s.sale}/`, description: 'Belle villa.\nAu calme.\n\nJardin.', title: 'Villa 4 chambres à Arlon',
    }),
    page('Project', `/${lang}/project/?id=5200003`, {
      site: site(), head: head('Project', lang), name: 'Clos du Moulin', description: 'Six maisons.', delivery: 'Été 2027',
      project: {
        ID: 5200003, Name: { fr: 'Clos du Moulin' }, ProjectNumber: 'P-2026-03', PublicAddress: false, Street: 'Rue du Moulin', HouseNumber: '8', Zip: '6717', City: 'Attert',
        SmallPictureItem: { Url: '/pictures/demo/house-04.jpg', Width: 250, Height: 167 },
        XLargePictureItem: { Url: '/pictures/demo/house-04.jpg', Width: 1600, Height: 1067 }, Pictures: [], PriceFrom: 338000, PriceTo: 373000,
        Constructions: [], Documents: [],
        Units: [
          { Unit: 'M1', Floor: '0', Price: 343000, Surface: 137, Bedrooms: 3, Status: 'sold' },
          { Unit: 'M2', Floor: '0', Price: 373000, Surface: 149, Bedrooms: 3, Status: 'available' },
          { Unit: 'M6', Floor: '0', Price: 338000, Surface: 135, Bedrooms: 3, Status: 'soldout' },
        ],
      },
    }),
    page('Page', `/${lang}/contact/`, {
      site: site(), head: head('Contact', lang), title: 'Contact', titleLang: '', content: '<p>Écrivez-nous.</p>', contentLang: '', children: [{ label: 'Team', href: `/${lang}/contact/team/` }], scope: 'page-css-5',
      modules: [{ id: 9, view: 'contact', title: 'Contact', titleSize: 'h1', description: 'Nous vous répondons.', numberItemOfRow: 0, maxItems: 0 }],
    }),
    page('Legal', `/${lang}/privacy/`, { site: site(), head: head('Privacy', lang), title: 'Privacy', titleLang: '', content: '<h2>Who</h2><p>Us.</p>', contentLang: '' }),
    page('ThankYou', `/${lang}/feedback/contact-me/`, { site: site(), head: head('Thanks', lang), form: 'contact-me' }),
    page('NotFound', `/${lang}/nope/`, { site: shell(lang, { languages }), head: { ...head('404', lang), canonical: undefined, alternates: undefined, robots: 'noindex' } }),
  ]
}
