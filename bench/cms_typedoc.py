"""An API reference written by TypeDoc, for the held-out bench.

The engine was never developed on TypeDoc. Like the other ``cms_*``
modules (whose word list and prose helpers it uses), this module writes a
project's sources from a seed, builds them with the real generator and labels
each page with what it documents. TypeDoc and TypeScript are installed from
npm at pinned versions into ``data/typedoc-site/node_modules`` and the
reference is built once with ``npx typedoc`` (its ``typedoc.json``) into
``docs/``, with TypeDoc's default theme and no plugin. Only the sources are
invented; every page is TypeDoc's output.

The project is ``@hazel-lane/allotments``, a TypeScript library an
allotment society might keep for its own tools: eight entry points
(``src/<module>.ts``, so TypeDoc writes a page per module), each a few
hundred lines of what a TypeScript author writes:

* ``core`` (a registry, an event emitter, clocks, a ``Result`` type, an error
  class; its items grouped with ``@category``), ``plots`` (plots, beds,
  greenhouses, the site, a ``Layout`` namespace), ``crops`` (an abstract crop
  and its kinds, varieties, seed packets, a ``Rotation`` namespace),
  ``calendar`` (tasks, recurring tasks, a generic schedule, frost dates),
  ``members`` (members, the committee, a generic waiting list), ``soil``
  (soil tests, compost bays), ``water`` (water points and butts, a generic
  rota) and ``trading`` (the trading hut's stock, orders, prices, a
  ``Receipts`` namespace).
* Classes with constructors (an options object with its own interface, or
  positional parameters, some as parameter properties), properties (readonly,
  optional, protected, static, with defaults), accessors (getters, some with
  a setter), methods (static, protected, abstract, async, overloaded); some
  abstract, some generic, some extending another (across modules too), some
  implementing an interface. Interfaces (some generic or extending another),
  enums (string and numeric), type aliases (unions, template literals,
  tuples, mapped and conditional types, function types), functions (generic,
  type guards, overloaded), constants (and one ``let``), three namespaces.
* TSDoc comments of every length, from none (about one item in six, more
  among members) to a summary with paragraphs, ``@remarks``, ``@example``
  (with a title or without), ``@deprecated``, ``@see``, ``@since``,
  ``@throws``, ``@defaultValue``, ``@typeParam``, ``@param`` and
  ``@returns``; most modules have a ``@module`` comment.
* A ``README.md`` (the index page), two guides and a changelog as project
  documents, and the class hierarchy page TypeDoc writes itself.

The seed picks which optional items a module holds (about three in four of
them), how each class is constructed, and every comment; the same seed gives
the same site. TypeDoc's "Defined in" lines link to an invented forge
(``sourceLinkTemplate`` with git switched off, so the build reads no
repository).

A page's label is the kind of reflection it documents, read from where
TypeDoc 0.28's router files it: ``classes/`` (``class``), ``interfaces/``
(``interface``), ``enums/`` (``enum``), ``types/`` (``type-alias``),
``functions/`` (``function``), ``variables/`` (``variable``),
``documents/`` (``document``) and ``modules/``, where modules and
namespaces share the folder and the file name (the reflection's full name,
dotted) tells them apart: ``modules/plots.html`` is the module ``plots``
(``module``), ``modules/plots.Layout.html`` its namespace (``namespace``;
the modules' names have no dots, being the entry points' file names). The
top-level pages are the README (``index.html``: ``index``), the project's
list of modules (``modules.html``: ``modules``) and the class hierarchy
(``hierarchy.html``: ``hierarchy``). The labels are kinds, not theme files:
the default theme renders every reflection's page (and the project's) with
one template, which draws type aliases and variables with one partial,
modules, namespaces and the project's page with another and the other kinds
with its own sections, and prints the kind in the page's ``<h1>`` ("Class
Plot", "Type Alias PlotId", "Namespace Layout"...); the README, the
documents and the hierarchy have a template each. The documents print no
``<h1>`` in the title block (their Markdown has its own), the README and the
hierarchy no breadcrumb, the project's page an empty one.
The labels were checked against those marks on every page of the build, and
``typedoc_pages`` checks them again each time it reads the site (it stops if
a page's markup names another kind than its place); the labels are still
derived from the paths alone.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from cms_blogs import (
    _WORDS,
    _html_pages,
    _npm_site,
    _paragraph,
    _sentence,
    _table,
    _title,
    agreeing_with_markup,  # the same word list and prose as the other sites
)

#: Pinned so that the same sources give the same site (``npm view <pkg> version``);
#: TypeDoc 0.28 supports TypeScript 5.0 to 5.9 and 6.0.
NPM_PACKAGES = {"typedoc": "0.28.20", "typescript": "5.9.3"}
#: The host the reference would be published on.
HOST = "api.allotments.example"

_PACKAGE = "@hazel-lane/allotments"
_VERSION = "2.4.1"
_FORGE = "https://code.example/hazel-lane/allotments"


# ---------------------------------------------------------------- the library
#
# Each module's declarations, one a line, in a TypeScript-like shorthand that
# the writer turns into TypeScript with a seeded comment on each. A line
# starting ``? `` is an optional item (the seed keeps about three in four of
# them); `` @Name`` at its end puts it in a ``@category``; `` \`` at its end
# continues it on the next. Members are indented below their class,
# interface or namespace. ``~>`` starts a body (its statements split at
# ``"; "`` outside brackets); ``type X = T ~ v`` gives a value of the alias
# for the comments' examples. In a class, ``get x: T ~> ...`` is a getter,
# ``get set x: T = v`` a getter and a setter over a private field,
# ``constructor(...) ~> ...`` a constructor written out (for a class whose
# base is not the library's), a line with ``name(`` a method, any other a
# field (``[mods ]name[?]: type[ = default]``; without a default it is a
# constructor parameter, the writer's constructor assigns it). Lines with one
# name in a row, all but the last without a body, are an overload set.
# ``numeric enum`` has numbers for values, ``enum`` kebab-case strings.

_CORE = r"""
type Result<T, E = Error> = { ok: true; value: T } | { ok: false; error: E } @Results
type Listener<T> = (event: T) => void @Events
type Unsubscribe = () => void ~ () => {} @Events
type DeepReadonly<T> = { readonly [K in keyof T]: T[K] extends object ? DeepReadonly<T[K]> : T[K] }
type Brand<T, B extends string> = T & { readonly __brand: B }
interface Identified
  readonly id: string
interface Clock @Time
  now(): Date
interface Serializable<T>
  toJSON(): T
class Registry<K extends string, V> @Collections
  protected readonly items: Map<K, V> = new Map()
  get size: number ~> return this.items.size
  get(key: K): V | undefined ~> return this.items.get(key)
  set(key: K, value: V): this ~> this.items.set(key, value); return this
  has(key: K): boolean ~> return this.items.has(key)
  delete(key: K): boolean ~> return this.items.delete(key)
  keys(): K[] ~> return [...this.items.keys()]
  values(): V[] ~> return [...this.items.values()]
  clear(): void ~> this.items.clear()
class Emitter<E> @Events
  protected readonly listeners: Set<Listener<E>> = new Set()
  get listenerCount: number ~> return this.listeners.size
  on(listener: Listener<E>): Unsubscribe ~> this.listeners.add(listener); \
      return () => this.listeners.delete(listener)
  once(listener: Listener<E>): Unsubscribe ~> const off = this.on((event) => { off(); \
      listener(event); }); return off
  emit(event: E): void ~> for (const listener of [...this.listeners]) listener(event)
  clear(): void ~> this.listeners.clear()
class SystemClock implements Clock @Time
  now(): Date ~> return new Date()
class FixedClock implements Clock @Time
  readonly at: Date
  now(): Date ~> return new Date(this.at)
  advance(days: number): void ~> this.at.setDate(this.at.getDate() + days)
class ValidationError extends Error @Results
  readonly field: string
  constructor(message: string, field: string) ~> super(message); this.field = field
function ok<T>(value: T): Result<T, never> ~> return { ok: true, value } @Results
function err<E>(error: E): Result<never, E> ~> return { ok: false, error } @Results
function isOk<T, E>(result: Result<T, E>): result is { ok: true; value: T } \
    ~> return result.ok @Results
function unwrap<T, E>(result: Result<T, E>): T ~> if (!result.ok) throw result.error; \
    return result.value @Results
? function deepFreeze<T extends object>(value: T): DeepReadonly<T> \
    ~> return Object.freeze(value) as DeepReadonly<T>
function clamp(value: number, min: number, max: number): number \
    ~> return Math.min(max, Math.max(min, value))
const VERSION = "{version}"
const DAY_MS = 86_400_000 @Time
const systemClock: Clock = new SystemClock() @Time
"""

_PLOTS = r"""
enum PlotStatus: Vacant Let Reserved Overgrown
numeric enum Aspect: North East South West
type PlotId = `${string}-${number}` ~ "north-1"
type PlotSize = "full" | "half" | "quarter" ~ "full"
? type Coordinates = readonly [x: number, y: number]
type BedShape = "rectangle" | "keyhole" | "circle" ~ "rectangle"
interface Dimensions
  width: number
  length: number
  readonly unit?: "m" | "ft"
interface SiteSummary
  readonly plots: number
  readonly vacant: number
  readonly area: number
const DEFAULT_DIMENSIONS: Dimensions = { width: 5, length: 25 }
const MAX_BEDS = 12
const PLOT_AREAS = { full: 250, half: 125, quarter: 60 } as const satisfies Record<PlotSize, number>
class Bed
  readonly name: string
  dimensions: Dimensions
  shape: BedShape = "rectangle"
  readonly crops: Crop[] = []
  notes?: string
  get area: number ~> return measureArea(this.dimensions)
  get empty: boolean ~> return this.crops.length === 0
  plant(crop: Crop): this ~> this.crops.push(crop); return this
  clear(): Crop[] ~> return this.crops.splice(0)
  contains(name: CropName): boolean ~> return this.crops.some((crop) => crop.name === name)
class RaisedBed extends Bed
  height: number
  edging: "timber" | "brick" | "steel" = "timber"
  fillVolume(): number ~> return this.area * this.height
? class NoDigBed extends Bed
  mulchDepth: number = 5
  lastMulched?: Date
  mulch(depth: number, on?: Date): void ~> this.mulchDepth += depth; \
      this.lastMulched = on ?? new Date()
class Plot
  readonly id: PlotId
  size: PlotSize
  aspect: Aspect = Aspect.South
  status: PlotStatus = PlotStatus.Vacant
  tenant?: MemberId
  readonly beds: Bed[] = []
  static readonly MAX_BEDS: number = MAX_BEDS
  get area: number ~> return PLOT_AREAS[this.size]
  get cultivated: number ~> return measureArea(this.beds)
  get set notes: string = ""
  addBed(bed: Bed): this \
      ~> if (this.beds.length >= Plot.MAX_BEDS) throw new RangeError(`${this.id} has \
      ${Plot.MAX_BEDS} beds`); this.beds.push(bed); return this
  let(tenant: MemberId, status?: PlotStatus): void ~> this.tenant = tenant; \
      this.status = status ?? PlotStatus.Let
  vacate(): void ~> this.tenant = undefined; this.status = PlotStatus.Vacant
  bedsWith(name: CropName): Bed[] ~> return this.beds.filter((bed) => bed.contains(name))
  isLet(): boolean ~> return this.status === PlotStatus.Let
  static compare(a: Plot, b: Plot): number ~> return a.id.localeCompare(b.id)
? class Shed
  readonly plot: PlotId
  locked: boolean = true
  readonly tools: string[] = []
  lend(tool: string): boolean ~> const at = this.tools.indexOf(tool); if (at < 0) return false; \
      this.tools.splice(at, 1); return true
  store(...tools: string[]): void ~> this.tools.push(...tools)
class Greenhouse
  readonly plot: PlotId
  dimensions: Dimensions
  heated: boolean = false
  staging: number = 2
  get area: number ~> return measureArea(this.dimensions)
  ventilate(open: boolean): void ~> this.heated = this.heated && !open
class Polytunnel extends Greenhouse
  hoops: number
  coverFitted: Date
  needsRecovering(at?: Date): boolean \
      ~> return (at ?? new Date()).getFullYear() - this.coverFitted.getFullYear() >= 5
class Site
  readonly name: string
  readonly plots: Registry<PlotId, Plot> = new Registry()
  get vacant: Plot[] ~> return this.plots.values().filter((plot) => !plot.isLet())
  add(...plots: Plot[]): this ~> for (const plot of plots) this.plots.set(plot.id, plot); \
      return this
  plot(id: PlotId): Plot | undefined ~> return this.plots.get(id)
  summary(): SiteSummary ~> const plots = this.plots.values(); \
      return { plots: plots.length, vacant: this.vacant.length, area: plots.reduce((sum, \
      plot) => sum + plot.area, 0) }
function measureArea(dimensions: Dimensions): number
function measureArea(beds: Bed[]): number
function measureArea(value: Dimensions | Bed[]): number \
    ~> if (Array.isArray(value)) return value.reduce((sum, bed) => sum + bed.area, 0); \
    return value.width * value.length
function findVacant(site: Site, size?: PlotSize): Plot[] \
    ~> return site.vacant.filter((plot) => size === undefined || plot.size === size)
function plotId(row: string, n: number): PlotId ~> return `${row.toLowerCase()}-${n}`
? function isPlotId(value: string): value is PlotId ~> return /^[a-z]+-\d+$/.test(value)
namespace Layout
  interface Cell
    x: number
    y: number
    bed?: string
  type Grid = Cell[][] ~ []
  const SPACING = 0.45
  function grid(plot: Plot, spacing: number = SPACING): Grid \
      ~> return plot.beds.map((bed, y) => [{ x: Math.round(bed.area * spacing), y, \
      bed: bed.name }])
  function cellAt(grid: Grid, x: number, y: number): Cell | undefined ~> return grid[y]?.[x]
"""

_CROPS = r"""
enum CropFamily: Brassicas Legumes Alliums Roots Solanaceae Cucurbits Other
numeric enum Hardiness: Tender HalfHardy Hardy
type CropName = Lowercase<string> ~ "kale"
type SowingMethod = "direct" | "modules" | "pots" ~ "direct"
type Spacing = { inRow: number; betweenRows: number }
type CropPredicate = (crop: Crop) => boolean
type MonthRange = readonly [from: Month, to: Month]
interface SowingRecord
  readonly crop: CropName
  readonly sown: Date
  method: SowingMethod
  quantity?: number
? interface HarvestRecord
  readonly crop: CropName
  readonly picked: Date
  weight: number
  notes?: string
const DEFAULT_SPACING: Spacing = { inRow: 30, betweenRows: 45 }
const COMPANIONS: Readonly<Record<CropName, readonly CropName[]>> = { carrot: ["onion", "leek"], \
    tomato: ["basil", "marigold"], bean: ["sweetcorn", "squash"] }
? const FAMILIES = Object.values(CropFamily)
abstract class Crop
  readonly name: CropName
  readonly family: CropFamily
  hardiness: Hardiness = Hardiness.Hardy
  spacing: Spacing = DEFAULT_SPACING
  abstract sowingMonths(): MonthRange
  companions(): readonly CropName[] ~> return COMPANIONS[this.name] ?? []
  toString(): string ~> return this.name
class Vegetable extends Crop
  daysToHarvest: number
  method: SowingMethod = "direct"
  sowingMonths(): MonthRange ~> return [3, 6]
  harvestDate(sown: Date): Date ~> return addDays(sown, this.daysToHarvest)
class Fruit extends Crop
  yearsToFruit: number = 2
  planted?: Date
  sowingMonths(): MonthRange ~> return [11, 3]
  fruiting(at?: Date): boolean \
      ~> return this.planted !== undefined && (at ?? new Date()).getFullYear() - \
      this.planted.getFullYear() >= this.yearsToFruit
class SoftFruit extends Fruit
  canes: number = 1
  fruitsOn: "new" | "old" = "old"
  prune(at: Date): number ~> this.planted ??= at; return this.canes
class Herb extends Crop
  perennial: boolean = false
  sowingMonths(): MonthRange ~> return [4, 5]
class Variety
  readonly crop: CropName
  readonly name: string
  supplier?: string
  organic: boolean = false
  get label: string ~> return `${this.crop} '${this.name}'`
? class SeedPacket
  readonly variety: Variety
  sowBy: Date
  seeds: number
  take(count: number): number ~> const taken = Math.min(count, this.seeds); this.seeds -= taken; \
      return taken
  expired(at?: Date): boolean ~> return (at ?? new Date()) > this.sowBy
class CropRegistry extends Registry<CropName, Crop>
  byFamily(family: CropFamily): Crop[] \
      ~> return this.values().filter((crop) => crop.family === family)
  where(predicate: CropPredicate): Crop[] ~> return this.values().filter(predicate)
function isVegetable(crop: Crop): crop is Vegetable ~> return crop instanceof Vegetable
function companionsOf(crop: Crop): readonly CropName[]
function companionsOf(name: CropName): readonly CropName[]
function companionsOf(crop: Crop | CropName): readonly CropName[] \
    ~> return COMPANIONS[typeof crop === "string" ? crop : crop.name] ?? []
function byFamily(crops: Iterable<Crop>): Map<CropFamily, Crop[]> \
    ~> const out = new Map<CropFamily, Crop[]>(); \
    for (const crop of crops) out.set(crop.family, [...(out.get(crop.family) ?? []), crop]); \
    return out
? function inSeason(crop: Crop, month: Month): boolean ~> const [from, to] = crop.sowingMonths(); \
    return from <= to ? month >= from && month <= to : month >= from || month <= to
namespace Rotation
  type Group = "A" | "B" | "C" | "D" ~ "A"
  interface Plan
    readonly year: number
    readonly beds: Readonly<Record<string, Group>>
  const FOUR_YEAR: readonly Group[] = ["A", "B", "C", "D"]
  function next(group: Group): Group \
      ~> return FOUR_YEAR[(FOUR_YEAR.indexOf(group) + 1) % FOUR_YEAR.length] ?? group
  function groupOf(family: CropFamily): Group ~> if (family === CropFamily.Legumes) return "A"; \
      if (family === CropFamily.Brassicas) return "B"; \
      return family === CropFamily.Roots ? "C" : "D"
"""

_CALENDAR = r"""
enum Season: Spring Summer Autumn Winter
enum TaskState: Pending Done Skipped Overdue
? numeric enum Weekday: Sunday Monday Tuesday Wednesday Thursday Friday Saturday
type Month = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 ~ 1
type MonthName = (typeof MONTH_NAMES)[number] ~ "January"
type Recurrence = { every: number; unit: "day" | "week" | "month" }
type TaskHandler<T extends Task = Task> = (task: T) => void | Promise<void>
type DateLike = Date | string | number
interface DateRange
  readonly from: Date
  readonly to: Date
interface ScheduleEntry<T extends Task = Task>
  readonly task: T
  readonly due: Date
  state: TaskState
const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", \
    "September", "October", "November", "December"] as const
const LAST_FROST = { month: 4, day: 20 } as const
? const FIRST_FROST = { month: 10, day: 25 } as const
class Task
  readonly title: string
  due: Date
  plot?: PlotId
  assignee?: MemberId
  state: TaskState = TaskState.Pending
  complete(): void ~> this.state = TaskState.Done
  skip(): void ~> this.state = TaskState.Skipped
  isDue(on: Date = new Date()): boolean ~> return this.state === TaskState.Pending && this.due <= on
  assign(member: MemberId): this ~> this.assignee = member; return this
class RecurringTask extends Task
  recurrence: Recurrence
  next(): Date ~> const { every, unit } = this.recurrence; \
      return addDays(this.due, unit === "day" ? every : unit === "week" ? every * 7 : every * 30)
  occurrences(range: DateRange): Date[] ~> const out: Date[] = []; let at = this.due; \
      while (at <= range.to) { if (at >= range.from) out.push(at); at = addDays(at, 7); }; \
      return out
  complete(): void ~> this.due = this.next()
? class WateringTask extends RecurringTask
  litres: Litres
  skipAfterRain: number = 5
  wetEnough(rainfall: number): boolean ~> return rainfall >= this.skipAfterRain
class Schedule<T extends Task = Task>
  readonly name: string
  protected readonly tasks: T[] = []
  get size: number ~> return this.tasks.length
  get pending: T[] ~> return this.tasks.filter((task) => task.state === TaskState.Pending)
  add(...tasks: T[]): this ~> this.tasks.push(...tasks); return this
  due(on: Date = new Date()): T[] ~> return this.tasks.filter((task) => task.isDue(on))
  remove(task: T): boolean ~> const at = this.tasks.indexOf(task); if (at < 0) return false; \
      this.tasks.splice(at, 1); return true
  async each(handler: TaskHandler<T>): Promise<void> \
      ~> for (const task of this.tasks) await handler(task)
  entries(): ScheduleEntry<T>[] \
      ~> return this.tasks.map((task) => ({ task, due: task.due, state: task.state }))
class Calendar
  readonly year: number
  lastFrost: Date
  firstFrost: Date
  seasonOf(date: Date): Season
  seasonOf(month: Month): Season
  seasonOf(value: Date | Month): Season \
      ~> return typeof value === "number" ? seasonOf(value) : seasonOf(value)
  frostFreeDays(): number ~> return weeksBetween(this.lastFrost, this.firstFrost) * 7
  isFrostFree(date: Date): boolean ~> return date > this.lastFrost && date < this.firstFrost
function seasonOf(date: Date): Season
function seasonOf(month: Month): Season
function seasonOf(value: Date | Month): Season \
    ~> const month = typeof value === "number" ? value : value.getMonth() + 1; \
    if (month >= 3 && month <= 5) return Season.Spring; \
    if (month >= 6 && month <= 8) return Season.Summer; \
    return month >= 9 && month <= 11 ? Season.Autumn : Season.Winter
function addDays(date: DateLike, days: number): Date ~> const out = toDate(date); \
    out.setDate(out.getDate() + days); return out
function weeksBetween(from: Date, to: Date): number \
    ~> return Math.floor((to.getTime() - from.getTime()) / (7 * DAY_MS))
function toDate(value: DateLike): Date ~> return new Date(value)
? function monthName(month: Month): MonthName ~> return MONTH_NAMES[month - 1] ?? "January"
? function frostDates(year: number): DateRange \
    ~> return { from: new Date(year, LAST_FROST.month - 1, LAST_FROST.day), to: new Date(year, 9, \
    25) }
"""

_MEMBERS = r"""
enum MembershipTier: Full Half Concession Associate
enum Role: Chair Secretary Treasurer Lettings Ordinary
type MemberId = `M${number}` ~ "M1"
type ContactPreference = "email" | "post" | "phone" ~ "email"
? type Fees = Readonly<Record<MembershipTier, number>>
interface Address
  line1: string
  line2?: string
  town: string
  postcode: string
interface ContactDetails
  email?: string
  phone?: string
  address?: Address
  prefers: ContactPreference
? interface Renewal
  readonly member: MemberId
  readonly due: Date
  paid: boolean
  amount: number
const ANNUAL_FEES: Readonly<Record<MembershipTier, number>> = { [MembershipTier.Full]: 60, \
    [MembershipTier.Half]: 35, [MembershipTier.Concession]: 20, [MembershipTier.Associate]: 5 }
const COMMITTEE_ROLES: readonly Role[] = [Role.Chair, Role.Secretary, Role.Treasurer, Role.Lettings]
const MAX_PLOTS_PER_MEMBER = 2
class Member
  readonly id: MemberId
  name: string
  joined: Date
  tier: MembershipTier = MembershipTier.Full
  contact?: ContactDetails
  readonly plots: PlotId[] = []
  get displayName: string ~> return formatName(this)
  get set notes: string = ""
  assign(plot: PlotId): void \
      ~> if (this.plots.length >= MAX_PLOTS_PER_MEMBER) throw new RangeError(`${this.id} already \
      has ${this.plots.length} plots`); this.plots.push(plot)
  release(plot: PlotId): boolean ~> const at = this.plots.indexOf(plot); \
      if (at < 0) return false; this.plots.splice(at, 1); return true
  yearsOfMembership(at: Date = new Date()): number \
      ~> return at.getFullYear() - this.joined.getFullYear()
  fee(): number ~> return ANNUAL_FEES[this.tier]
class Volunteer extends Member
  readonly skills: string[] = []
  hours: number = 0
  log(hours: number): void ~> this.hours += hours
class CommitteeMember extends Member
  role: Role
  elected: Date
  termEnds(): Date \
      ~> return new Date(this.elected.getFullYear() + 2, this.elected.getMonth(), \
      this.elected.getDate())
class Committee
  readonly year: number
  readonly members: CommitteeMember[] = []
  elect(member: CommitteeMember): void ~> this.members.push(member)
  holder(role: Role): CommitteeMember | undefined \
      ~> return this.members.find((member) => member.role === role)
  quorate(present: number): boolean ~> return present * 2 > this.members.length
class Applicant
  readonly name: string
  applied: Date
  contact: ContactDetails
  preferredSize?: PlotSize
class Waitlist<T extends Applicant = Applicant>
  protected readonly queue: T[] = []
  get length: number ~> return this.queue.length
  join(applicant: T): number ~> return this.queue.push(applicant)
  next(): T | undefined ~> return this.queue.shift()
  position(name: string): number \
      ~> return this.queue.findIndex((applicant) => applicant.name === name) + 1
  peek(count: number = 1): readonly T[] ~> return this.queue.slice(0, count)
function formatName(member: Member, style: "full" | "initials" = "full"): string \
    ~> return style === "full" ? member.name : member.name.split(" ").map((part) => \
    part.charAt(0)).join("")
function renewalDue(member: Member, at?: Date): boolean
function renewalDue(members: Member[], at?: Date): Member[]
function renewalDue(value: Member | Member[], at: Date = new Date()): boolean | Member[] \
    ~> const due = (member: Member) => member.joined.getMonth() <= at.getMonth(); \
    return Array.isArray(value) ? value.filter(due) : due(value)
? function sortByJoined(members: readonly Member[]): Member[] \
    ~> return [...members].sort((a, b) => a.joined.getTime() - b.joined.getTime())
function feeFor(tier: MembershipTier, halfYear: boolean = false): number \
    ~> return halfYear ? ANNUAL_FEES[tier] / 2 : ANNUAL_FEES[tier]
? function isMemberId(value: string): value is MemberId ~> return /^M\d+$/.test(value)
"""

_SOIL = r"""
enum SoilType: Clay Silt Sand Loam Chalk Peat
numeric enum CompostStage: Fresh Heating Maturing Ready
type Nutrient = "nitrogen" | "phosphorus" | "potassium" ~ "nitrogen"
type NutrientLevels = { readonly [N in Nutrient]: number }
type Ph = Brand<number, "ph"> ~ 7 as Ph
interface SoilSample extends Identified
  readonly plot: PlotId
  readonly taken: Date
  depth: number
  type?: SoilType
interface TestResult
  readonly sample: SoilSample
  readonly ph: Ph
  readonly nutrients: NutrientLevels
  organicMatter?: number
const IDEAL_PH = 6.5 as Ph
const NUTRIENTS: readonly Nutrient[] = ["nitrogen", "phosphorus", "potassium"]
? const COMPOST_TEMPERATURES = { heating: 55, maturing: 30 } as const
class SoilTest
  readonly sample: SoilSample
  readonly lab: string
  result?: TestResult
  record(ph: Ph, nutrients: NutrientLevels): TestResult \
      ~> this.result = { sample: this.sample, ph, nutrients }; return this.result
  deficient(threshold: number = 1): Nutrient[] ~> const levels = this.result?.nutrients; \
      return NUTRIENTS.filter((nutrient) => (levels?.[nutrient] ?? 0) < threshold)
class CompostBay
  readonly number: number
  capacity: number
  stage: CompostStage = CompostStage.Fresh
  lastTurned?: Date
  protected fill: number = 0
  get full: boolean ~> return this.fill >= this.capacity
  add(litres: number): number ~> const taken = Math.min(litres, this.capacity - this.fill); \
      this.fill += taken; return taken
  turn(at?: Date): void ~> this.touch(at ?? new Date()); \
      if (this.stage < CompostStage.Ready) this.stage += 1
  empty(): number ~> const out = this.fill; this.fill = 0; this.stage = CompostStage.Fresh; \
      return out
  protected touch(at: Date): void ~> this.lastTurned = at
class WormBin extends CompostBay
  worms: number = 500
  feed(grams: number): boolean ~> return grams <= this.worms / 2
? class LeafMouldCage extends CompostBay
  readonly cage: "wire" | "sack" = "wire"
function limeNeeded(ph: Ph, target: Ph = IDEAL_PH, area: number = 1): number \
    ~> return Math.max(0, target - ph) * 200 * area
function classify(sample: SoilSample, clayPercent: number): SoilType \
    ~> if (sample.type) return sample.type; if (clayPercent > 35) return SoilType.Clay; \
    return clayPercent < 10 ? SoilType.Sand : SoilType.Loam
function isAcidic(ph: Ph): boolean ~> return ph < 7
function toPh(value: number): Ph \
    ~> if (value < 0 || value > 14) throw new RangeError(`not a pH: ${value}`); return value as Ph
? function averageLevels(results: readonly TestResult[]): NutrientLevels \
    ~> const n = Math.max(1, results.length); \
    const sum = (nutrient: Nutrient) => results.reduce((total, \
    result) => total + result.nutrients[nutrient], 0) / n; \
    return { nitrogen: sum("nitrogen"), phosphorus: sum("phosphorus"), \
    potassium: sum("potassium") }
"""

_WATER = r"""
enum WaterSource: Mains Butt Borehole Trough
type Litres = number ~ 0
interface MeterReading
  readonly at: Date
  readonly litres: Litres
  readonly by?: MemberId
interface HosepipeBan
  readonly from: Date
  readonly to?: Date
  readonly exemptions: readonly WaterSource[]
const LITRES_PER_SQUARE_METRE: Litres = 4
? const DEFAULT_BUTT: Litres = 200
class WaterPoint
  readonly id: string
  source: WaterSource
  readonly plots: PlotId[] = []
  open: boolean = true
  protected readonly readings: MeterReading[] = []
  get lastReading: MeterReading | undefined ~> return this.readings.at(-1)
  read(litres: Litres, by?: MemberId): MeterReading \
      ~> const reading = { at: new Date(), litres, by }; this.readings.push(reading); \
      return reading
  usage(range: DateRange): Litres \
      ~> return this.readings.filter((reading) => reading.at >= range.from && reading.at <= \
      range.to).reduce((sum, reading) => sum + reading.litres, 0)
class WaterButt extends WaterPoint
  capacity: Litres
  level: Litres = 0
  collect(rainfall: number, roofArea: number): Litres \
      ~> const caught = Math.min(rainfallToLitres(rainfall, roofArea), \
      this.capacity - this.level); this.level += caught; return caught
  draw(litres: Litres): Litres ~> const out = Math.min(litres, this.level); this.level -= out; \
      return out
class Rota<T = MemberId>
  readonly slots: T[] = []
  start: Date
  onDuty(date: Date): T | undefined \
      ~> return this.slots[weeksBetween(this.start, date) % Math.max(1, this.slots.length)]
  rotate(): void ~> const first = this.slots.shift(); \
      if (first !== undefined) this.slots.push(first)
function litresNeeded(bed: Bed, hot?: boolean): Litres
function litresNeeded(plot: Plot, hot?: boolean): Litres
function litresNeeded(where: Bed | Plot, hot: boolean = false): Litres \
    ~> return where.area * LITRES_PER_SQUARE_METRE * (hot ? 2 : 1)
function banActive(ban: HosepipeBan, at: Date = new Date()): boolean \
    ~> return at >= ban.from && (ban.to === undefined || at <= ban.to)
function rainfallToLitres(mm: number, area: number): Litres ~> return mm * area
"""

_TRADING = r"""
enum Unit: Each Kilogram Litre Bag
enum OrderStatus: Open Paid Collected Cancelled
type Pence = number ~ 0
type Sku = `${Uppercase<string>}-${number}` ~ "SEED-1"
type PriceRule = (item: StockItem, quantity: number) => Pence
interface OrderLine
  readonly sku: Sku
  quantity: number
  price: Pence
? interface Supplier
  readonly name: string
  readonly contact: ContactDetails
  leadDays?: number
const CURRENCY = "GBP"
? let VAT_RATE = 0
class StockItem
  readonly sku: Sku
  name: string
  unit: Unit
  price: Pence
  stock: number = 0
  get value: Pence ~> return this.price * this.stock
  restock(quantity: number): void ~> this.stock += quantity
  inStock(quantity: number = 1): boolean ~> return this.stock >= quantity
class SeedStock extends StockItem
  variety: string
  sowBy: Date
  expired(at: Date = new Date()): boolean ~> return at > this.sowBy
class Inventory<T extends StockItem = StockItem> extends Registry<Sku, T>
  lowStock(threshold: number = 3): T[] \
      ~> return this.values().filter((item) => item.stock < threshold)
  valuation(): Pence ~> return this.values().reduce((sum, item) => sum + item.value, 0)
class Order implements Serializable<OrderLine[]>
  readonly member: MemberId
  placed: Date
  readonly lines: OrderLine[] = []
  status: OrderStatus = OrderStatus.Open
  get total: Pence ~> return totalOf(this.lines)
  add(item: StockItem, quantity: number = 1): this \
      ~> this.lines.push({ sku: item.sku, quantity, price: item.price * quantity }); return this
  pay(): void ~> this.status = OrderStatus.Paid
  cancel(): void ~> this.status = OrderStatus.Cancelled
  toJSON(): OrderLine[] ~> return [...this.lines]
? class PriceList
  readonly rules: PriceRule[] = []
  memberDiscount: number = 0.1
  price(item: StockItem, quantity: number, member: boolean = true): Pence \
      ~> const base = this.rules.reduce((price, rule) => Math.min(price, rule(item, quantity)), \
      item.price * quantity); return Math.round(member ? base * (1 - this.memberDiscount) : base)
  addRule(rule: PriceRule): this ~> this.rules.push(rule); return this
function formatPence(pence: Pence, symbol: string = "£"): string \
    ~> return `${symbol}${(pence / 100).toFixed(2)}`
function parseSku(text: string): Sku ~> const sku = text.trim().toUpperCase(); \
    if (!/^[A-Z]+-\d+$/.test(sku)) throw new SyntaxError(`not a SKU: ${text}`); return sku as Sku
function totalOf(lines: readonly OrderLine[]): Pence \
    ~> return lines.reduce((sum, line) => sum + line.price, 0)
? function bulkDiscount(threshold: number, percent: number): PriceRule \
    ~> return (item, quantity) => \
    item.price * quantity * (quantity >= threshold ? 1 - percent / 100 : 1)
namespace Receipts
  interface Receipt
    readonly order: Order
    readonly issued: Date
    readonly text: string
  const FOOTER = "Thank you for shopping at the trading hut."
  function render(order: Order): string \
      ~> return [...order.lines.map((line) => `${line.sku} x${line.quantity}`), \
      formatPence(order.total), FOOTER].join("\n")
  function issue(order: Order, at: Date = new Date()): Receipt \
      ~> return { order, issued: at, text: render(order) }
"""


@dataclass(frozen=True)
class _Class:
    name: str
    fields: tuple[str, ...] = ()
    accessors: tuple[str, ...] = ()
    methods: tuple[tuple[str, ...], ...] = ()  # each an overload set
    base: str = ""
    tparams: str = ""
    abstract: bool = False
    implements: str = ""
    #: A constructor written out (``(params) ~> statements``), for a class
    #: whose base is not the library's.
    ctor: str = ""
    optional: bool = False
    category: str = ""


@dataclass(frozen=True)
class _Interface:
    name: str
    members: tuple[str, ...]
    tparams: str = ""
    extends: str = ""
    optional: bool = False
    category: str = ""


@dataclass(frozen=True)
class _Enum:
    name: str
    members: tuple[str, ...]
    numeric: bool = False
    optional: bool = False
    category: str = ""


@dataclass(frozen=True)
class _Alias:
    name: str
    type: str
    #: A value of the type, for the bodies that return one.
    value: str = ""
    tparams: str = ""
    optional: bool = False
    category: str = ""


@dataclass(frozen=True)
class _Function:
    signatures: tuple[str, ...]
    optional: bool = False
    category: str = ""


@dataclass(frozen=True)
class _Variable:
    declaration: str
    optional: bool = False
    category: str = ""


@dataclass(frozen=True)
class _Namespace:
    name: str
    items: tuple[object, ...]
    optional: bool = False
    category: str = ""


_FIELD = re.compile(
    r"^(?P<mods>(?:(?:readonly|protected|static|abstract) )*)(?P<name>\w+)(?P<opt>\?)?: "
    r"(?P<type>.+?)(?: = (?P<default>.+))?$"
)
_SIGNATURE = re.compile(
    r"^(?P<mods>(?:(?:static|protected|abstract|async) )*)(?P<name>\w+)(?P<tparams><[^(]*>)?"
    r"\((?P<params>.*)\): (?P<ret>.+)$"
)
_ACCESSOR = re.compile(
    r"(?P<kind>get set|get) (?P<name>\w+): (?P<type>[^~=]+?)(?: ~> (?P<body>.+)| = (?P<init>.+))$"
)
_CLASS_HEAD = re.compile(
    r"(?P<abstract>abstract )?class (?P<name>\w+)(?P<tparams><.*?>)?"
    r"(?: extends (?P<base>[\w<>, ]+?))?(?: implements (?P<implements>[\w<>\[\], ]+))?$"
)
_ALIAS_HEAD = re.compile(
    r"type (?P<name>\w+)(?P<tparams><.*?>)? = (?P<type>.+?)(?: ~ (?P<value>.+))?$"
)


_NAME = re.compile(r"(?:(?:static|protected|abstract|async) )*(\w+)")


def _overloads(lines: list[str]) -> list[tuple[str, ...]]:
    """Signature lines grouped into overload sets: a line without a body and
    the ones after it with the same name, up to the one with a body."""
    sets: list[tuple[str, ...]] = []
    pending: list[str] = []
    for line in lines:
        if pending and _NAME.match(pending[0]).group(1) != _NAME.match(line).group(1):
            raise ValueError(f"overloads of another name before {line!r}")
        if " ~> " in line or line.startswith("abstract "):
            sets.append((*pending, line))
            pending = []
        else:
            pending.append(line)
    if pending:
        raise ValueError(f"overloads without an implementation: {pending}")
    return sets


def _class(head: re.Match, members: list[str], flags: dict) -> _Class:
    fields, accessors, methods, ctor = [], [], [], ""
    for member in members:
        if member.startswith("constructor("):
            ctor = member[len("constructor") :]
        elif member.startswith("get "):
            accessors.append(member)
        else:
            (fields if _FIELD.match(member) else methods).append(member)
    return _Class(
        head["name"],
        tuple(fields),
        tuple(accessors),
        tuple(_overloads(methods)),
        head["base"] or "",
        head["tparams"] or "",
        bool(head["abstract"]),
        head["implements"] or "",
        ctor,
        **flags,
    )


def _parse(text: str, indent: int = 0) -> tuple[object, ...]:
    """The items a module's shorthand declares (see the notes above ``_CORE``)."""
    blocks: list[tuple[str, list[str]]] = []
    for line in re.sub(r" \\\n *", " ", text).splitlines():
        if not line.strip():
            continue
        if len(line) - len(line.lstrip()) > indent:
            blocks[-1][1].append(line)
        else:
            blocks.append((line.strip(), []))
    items: list[object] = []
    functions: list[str] = []
    for n, (line, body) in enumerate(blocks):
        optional = line.startswith("? ")
        head = line.removeprefix("? ")
        tagged = re.search(r" @(\w+)$", head)
        category = tagged.group(1) if tagged else ""
        head = head[: tagged.start()] if tagged else head
        flags = {"optional": optional, "category": category}
        members = [member.strip() for member in body]
        if head.startswith("function "):
            functions.append(head[len("function ") :])
            following = blocks[n + 1][0] if n + 1 < len(blocks) else ""
            if " ~> " in head or not following.startswith("function "):
                (signatures,) = _overloads(functions)
                items.append(_Function(signatures, **flags))
                functions = []
        elif head.startswith(("class ", "abstract class ")):
            items.append(_class(_CLASS_HEAD.match(head), members, flags))
        elif head.startswith("interface "):
            found = re.match(r"interface (\w+)(<.*?>)?(?: extends ([\w<>, ]+))?$", head)
            name, tparams, extends = found.groups(default="")
            items.append(_Interface(name, tuple(members), tparams, extends, **flags))
        elif head.startswith(("enum ", "numeric enum ")):
            name, _, names = head.removeprefix("numeric ").removeprefix("enum ").partition(": ")
            items.append(_Enum(name, tuple(names.split()), head.startswith("numeric "), **flags))
        elif head.startswith("type "):
            found = _ALIAS_HEAD.match(head)
            value = found["value"] or ""
            items.append(
                _Alias(found["name"], found["type"], value, found["tparams"] or "", **flags)
            )
        elif head.startswith(("const ", "let ")):
            items.append(_Variable(head.replace("{version}", _VERSION), **flags))
        elif head.startswith("namespace "):
            inner = _parse("\n".join(body), indent + 2)
            items.append(_Namespace(head[len("namespace ") :], inner, **flags))
        else:
            raise ValueError(f"cannot read the declaration {head!r}")
    return tuple(items)


#: The entry points in the order TypeDoc is given them, each with what it is about.
_MODULES = (
    ("core", _parse(_CORE), "Small pieces the other modules share"),
    ("plots", _parse(_PLOTS), "Plots, their beds and what stands on them"),
    ("crops", _parse(_CROPS), "Crops, varieties and the rotation"),
    ("calendar", _parse(_CALENDAR), "Tasks, schedules and the growing year"),
    ("members", _parse(_MEMBERS), "Members, the committee and the waiting list"),
    ("soil", _parse(_SOIL), "Soil tests and compost"),
    ("water", _parse(_WATER), "Water points, butts and the watering rota"),
    ("trading", _parse(_TRADING), "The trading hut: stock, orders and prices"),
)


# ---------------------------------------------------------------- comments


#: The first words of the library's function names that are verbs.
_VERBS = frozenset(
    re.findall(
        r"\w+",
        """add advance assign average cancel clamp classify clear collect complete delete draw
        elect emit empty feed fill find format freeze get issue join lend let log measure mulch
        pay peek plant prune read record release remove render restock rotate set skip sort
        store take turn unwrap vacate ventilate""",
    )
)
_LEADS = ("Usually", "On most sites", "By default", "Note that", "In practice")


def words_of(name: str) -> list[str]:
    """A TypeScript name's words, lower case, for the comments about it.

    >>> words_of("measureArea"), words_of("DEFAULT_SPACING"), words_of("PlotId")
    (['measure', 'area'], ['default', 'spacing'], ['plot', 'id'])
    """
    if name.isupper() or "_" in name:
        return [w.lower() for w in name.split("_") if w]
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)]


def _camel(words: list[str]) -> str:
    return words[0] + "".join(w.capitalize() for w in words[1:])


def _a(phrase: str) -> str:
    """The phrase with its indefinite article (none for a plural)."""
    if phrase.endswith("s") and not phrase.endswith("ss"):
        return phrase
    return f"{'an' if phrase[:1] in 'aeiou' else 'a'} {phrase}"


def _plural(phrase: str) -> str:
    return phrase + ("es" if phrase.endswith(("s", "sh", "ch", "x")) else "s")


def _third_person(verb: str) -> str:
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")


def _summary(rng: random.Random, kind: str, name: str) -> str:
    """The first sentence of a comment on ``name``, a ``kind`` of item."""
    words = words_of(name)
    h = " ".join(words)
    w = rng.choice(_WORDS)
    if kind in ("function", "method"):
        head, rest = words[0], " ".join(words[1:])
        if head in ("is", "has"):
            return f"Whether the {rest or w} {head} {rng.choice(_WORDS)}."
        if head in _VERBS:
            return f"{_third_person(head).capitalize()} the {rest or w}."
        return rng.choice((f"The {h}.", f"Returns the {h}.", f"Works out the {h}."))
    choices = {
        "class": (f"{_a(h).capitalize()}.", f"One {h} on the site.", f"The {h}, with its {w}."),
        "interface": (f"What {_a(h)} holds.", f"The shape of {_a(h)}.", f"{_a(h).capitalize()}."),
        "enum": (f"The {_plural(h)} there are.", f"Kinds of {h}.", f"Which {h} it is."),
        "type": (f"{_a(h).capitalize()}.", f"The {h}.", f"{h.capitalize()}, as the {w} keeps it."),
        "variable": (f"The {h}.", f"Default {h}.", f"{h.capitalize()} used by the {w}."),
        "namespace": (f"Helpers for the {h}.", f"The {h}."),
        "constructor": (f"Creates {_a(h)}.", f"A new {h}.", f"Sets up {_a(h)} and its {w}."),
        "module": (f"{h.capitalize()}.",),
    }
    return rng.choice(choices.get(kind, (f"The {h}.", f"{h.capitalize()}.", f"The {w}'s {h}.")))


def _sample(rng: random.Random, ts_type: str) -> str:
    """A value of ``ts_type`` in an example (the examples are not compiled)."""
    ts_type = ts_type.strip()
    if ts_type == "number":
        return str(rng.choice((2, 4, 12, 25, 60, 250)))
    if ts_type == "string":
        return json.dumps(rng.choice(_WORDS))
    if ts_type == "boolean":
        return rng.choice(("true", "false"))
    if ts_type == "Date":
        return f'new Date("2024-{rng.randint(3, 9):02d}-{rng.randint(1, 28):02d}")'
    if ts_type.endswith("[]"):
        return "[]"
    literal = re.match(r'"([\w-]+)"', ts_type)
    if literal:
        return f'"{literal.group(1)}"'
    if ts_type in _ENUM_MEMBERS:
        return f"{ts_type}.{rng.choice(_ENUM_MEMBERS[ts_type])}"
    value = _VALUES.get(ts_type, "")
    if value == "0":  # a number by another name (litres, pence)
        return str(rng.choice((5, 40, 120)))
    if value[:1] in ('"', "["):
        return value
    return _camel(words_of(re.sub(r"<.*", "", ts_type.split(" | ")[0])) or ["value"])


def _params(text: str) -> list[tuple[str, str, bool]]:
    """(name, type, optional) of each parameter in a parameter list.

    >>> _params("a: number, b?: Map<K, V>, ...rest: T[]")
    [('a', 'number', False), ('b', 'Map<K, V>', True), ('rest', 'T[]', True)]
    >>> _params("at: Date = new Date()")
    [('at', 'Date', True)]
    """
    out, depth, start = [], 0, 0
    parts = []
    for i, char in enumerate(text):
        if char in "<([{":
            depth += 1
        elif char in ">)]}" and not (char == ">" and text[i - 1] == "="):
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    for part in (p.strip() for p in parts if p.strip()):
        found = re.match(
            r"(?:(?:readonly|public|protected) )*(\.\.\.)?(\w+)(\?)?: (.+?)(?: = .+)?$", part
        )
        if not found:
            raise ValueError(f"cannot read the parameter {part!r}")
        rest, name, optional, ts_type = found.groups()
        out.append((name, ts_type, bool(rest or optional or " = " in part)))
    return out


def _comment(lines: list[str], indent: str) -> str:
    if not lines:
        return ""
    body = "".join(f"{indent} *{' ' + line if line else ''}\n" for line in lines)
    return f"{indent}/**\n{body}{indent} */\n"


def _prose(rng: random.Random) -> list[str]:
    """A paragraph wrapped as a comment's lines, now and then a list or code."""
    roll = rng.random()
    if roll < 0.15:
        return [f"- {_sentence(rng, 3, 8)}" for _ in range(rng.randint(2, 4))]
    if roll < 0.25:
        return [f"{rng.choice(_LEADS)}, `{rng.choice(_WORDS)}` {_sentence(rng, 4, 9).lower()}"]
    return _wrap(_paragraph(rng))


def _wrap(text: str, width: int = 88) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + len(word) >= width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


class _Doc:
    """The seeded comments of one module: which items have one, how long."""

    def __init__(self, rng: random.Random, names: list[str]) -> None:
        self.rng = rng
        self.names = names  # what a ``@see`` or ``@deprecated`` may link to

    def item(
        self,
        kind: str,
        name: str,
        *,
        params: list[tuple[str, str, bool]] | None = None,
        returns: str = "",
        tparams: str = "",
        example: list[str] | None = None,
        category: str = "",
        member: bool = False,
        default: str = "",
    ) -> list[str]:
        """A comment's lines (none: no comment)."""
        rng = self.rng
        tags = [f"@category {category}"] if category else []
        if rng.random() < (0.3 if member else 0.15):
            return tags
        more = rng.random() < (0.3 if member else 0.5)
        lines = [*_wrap(f"{_summary(rng, kind, name)} {_sentence(rng) if more else ''}")]
        for _ in range(
            rng.choice((0, 0, 0, 1, 1, 2)) if not member else rng.choice((0,) * 5 + (1,))
        ):
            lines += ["", *_prose(rng)]
        if rng.random() < (0.03 if member else 0.12):
            lines += ["", "@remarks", *_prose(rng)]
        for param, _type, _optional in params or []:
            if rng.random() < 0.65:
                text = _sentence(rng, 3, 10)
                lines.append(f"@param {param} - {text[0].lower()}{text[1:]}")
        for tparam in re.findall(r"(?:^<|, )(\w+)", tparams):
            if rng.random() < 0.5:
                lines.append(f"@typeParam {tparam} - The {rng.choice(_WORDS)} it holds.")
        if returns and returns not in ("void", "this", "Promise<void>") and rng.random() < 0.5:
            lines.append(f"@returns {_sentence(rng, 3, 9)}")
        if kind in ("function", "method") and rng.random() < 0.08:
            lines.append(f"@throws `RangeError` {_sentence(rng, 3, 8).lower()}")
        if default and rng.random() < 0.35:
            lines.append(f"@defaultValue `{default}`")
        if example and rng.random() < (0.15 if member else 0.3):
            title = f" {_title(rng)}" if rng.random() < 0.4 else ""
            lines += ["", f"@example{title}", "```ts", *example, "```"]
        if rng.random() < 0.06:
            other = rng.choice(self.names)
            use = f"Use {{@link {other}}} instead." if other != name else _sentence(rng, 3, 7)
            lines += ["", f"@deprecated {use}"]
        if rng.random() < 0.1:
            lines += [f"@see {{@link {rng.choice(self.names)}}}"]
        if not member and rng.random() < 0.08:
            lines.append(f"@since {rng.choice(('1.2.0', '2.0.0', '2.3.0'))}")
        if rng.random() < 0.03:
            lines.append("@beta")
        return lines + tags


# ---------------------------------------------------------------- writing TypeScript

#: A value of some of the library's type aliases, for the examples.
_VALUES: dict[str, str] = {}
#: Each enum's members, for the examples.
_ENUM_MEMBERS: dict[str, tuple[str, ...]] = {}


def _statements(body: str, indent: str) -> str:
    """A body's statements, one a line (split at the ``"; "`` outside brackets)."""
    out, depth, start = [], 0, 0
    for i, char in enumerate(body):
        depth += (char in "([{") - (char in ")]}")
        if depth == 0 and body.startswith("; ", i):
            out.append(body[start:i])
            start = i + 2
    out.append(body[start:])
    return "".join(f"{indent}{s.strip()};\n" for s in out if s.strip())


@dataclass
class _Built:
    """How a class of the library is constructed, for its subclasses."""

    style: str  # "options", "params" or "none"
    params: list[tuple[str, str, bool]]  # (name, type, optional) in order


class _Writer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.built: dict[str, _Built] = {}

    def construct(self, name: str, values: dict[str, str]) -> str:
        """``new <name>(...)`` as the class written is constructed, from ``values``
        of its required parameters."""
        built = self.built[name]
        required = [
            values[n] if built.style == "params" else f"{n}: {values[n]}"
            for n, _t, optional in built.params
            if not optional
        ]
        if built.style == "options":
            return f"new {name}({{ {', '.join(required)} }})"
        return f"new {name}({', '.join(required)})"

    # -- one module

    def module(
        self, name: str, items: tuple[object, ...], about: str, symbols: dict[str, str]
    ) -> str:
        rng = self.rng
        kept = [
            item for item in items if not getattr(item, "optional", False) or rng.random() < 0.75
        ]
        self.doc = _Doc(rng, [_item_name(item) for item in kept])
        code = "".join(self.item(item, "") for item in kept)
        head = ""
        if name == "core" or rng.random() < 0.8:
            lines = [f"{about}.", "", *_prose(rng)]
            if rng.random() < 0.4:
                lines += ["", *_prose(rng)]
            if rng.random() < 0.5:
                first = next(n for n in self.doc.names if n[:1].isupper())
                lines += [
                    "",
                    "@example",
                    "```ts",
                    f'import {{ {first} }} from "{_PACKAGE}/{name}";',
                    "```",
                ]
            head = _comment([*lines, "", "@module"], "") + "\n"
        imports = _imports(_strip_comments(code), name, symbols)
        return head + (imports + "\n" if imports else "") + code

    def item(self, item: object, indent: str) -> str:
        write = {
            _Class: self.class_,
            _Interface: self.interface,
            _Enum: self.enum,
            _Alias: self.alias,
            _Function: self.function,
            _Variable: self.variable,
            _Namespace: self.namespace,
        }[type(item)]
        return write(item, indent) + "\n"

    # -- declarations

    def enum(self, spec: _Enum, indent: str) -> str:
        out = _comment(self.doc.item("enum", spec.name), indent)
        out += f"{indent}export enum {spec.name} {{\n"
        numbered = self.rng.random() < 0.5  # a numeric enum's values written out, from 1
        for n, member in enumerate(spec.members):
            doc = self.doc.item("member", member, member=True) if self.rng.random() < 0.5 else []
            if not spec.numeric:
                written = f'{member} = "{"-".join(words_of(member))}"'
            else:
                written = f"{member} = {n + 1}" if numbered else member
            out += _comment(doc, indent + "  ") + f"{indent}  {written},\n"
        return out + f"{indent}}}\n"

    def alias(self, spec: _Alias, indent: str) -> str:
        doc = self.doc.item("type", spec.name, tparams=spec.tparams, category=spec.category)
        out = _comment(doc, indent)
        return out + f"{indent}export type {spec.name}{spec.tparams} = {spec.type};\n"

    def interface(self, spec: _Interface, indent: str) -> str:
        doc = self.doc.item("interface", spec.name, tparams=spec.tparams, category=spec.category)
        out = _comment(doc, indent)
        extends = f" extends {spec.extends}" if spec.extends else ""
        out += f"{indent}export interface {spec.name}{spec.tparams}{extends} {{\n"
        for member in spec.members:
            found = _FIELD.match(member)
            if found:
                doc = self.doc.item("property", found["name"], member=True)
            else:
                sig = _SIGNATURE.match(member)
                assert sig, member
                doc = self.doc.item(
                    "method",
                    sig["name"],
                    params=_params(sig["params"]),
                    returns=sig["ret"],
                    member=True,
                )
            out += _comment(doc, indent + "  ") + f"{indent}  {member};\n"
        return out + f"{indent}}}\n"

    def variable(self, spec: _Variable, indent: str) -> str:
        name = re.match(r"(?:const|let) (\w+)", spec.declaration).group(1)
        out = _comment(self.doc.item("variable", name, category=spec.category), indent)
        return out + f"{indent}export {spec.declaration};\n"

    def function(self, spec: _Function, indent: str, method: str = "") -> str:
        """A function, or with ``method`` (its owner's example name) a method."""
        kind = "method" if method else "function"
        out = ""
        overloaded = len(spec.signatures) > 1
        for n, signature in enumerate(spec.signatures):
            head, _, body = signature.partition(" ~> ")
            sig = _SIGNATURE.match(head)
            if not sig:
                raise ValueError(f"cannot read the signature {head!r}")
            params = _params(sig["params"])
            last = n == len(spec.signatures) - 1
            mods = sig["mods"]
            if not (overloaded and last):
                args = ", ".join(_sample(self.rng, t) for _, t, o in params if not o)
                call = f"{sig['name']}({args})"
                target = f"{self.owner}." if "static " in mods else f"{method}." if method else ""
                call = ("await " if sig["ret"].startswith("Promise<") else "") + target + call
                if sig["ret"] in ("void", "this", "Promise<void>"):
                    example = [f"{call};"]
                else:
                    example = [f"const {_result(sig['name'])} = {call};"]
                doc = self.doc.item(
                    kind,
                    sig["name"],
                    params=params,
                    returns=sig["ret"],
                    tparams=sig["tparams"] or "",
                    example=example,
                    category=spec.category,
                    member=bool(method),
                )
                out += _comment(doc, indent)
            export = "" if method else "export "
            keyword = "" if method else "function "
            async_ = "async " if "async " in mods else ""
            mods = mods.replace("async ", "")
            declared = (
                f"{indent}{export}{mods}{async_}{keyword}{sig['name']}{sig['tparams'] or ''}"
                f"({sig['params']}): {sig['ret']}"
            )
            if "abstract " in mods or (overloaded and not last):
                out += declared + ";\n"
                continue
            if not body:
                raise ValueError(f"{head!r} has no body")
            out += declared + " {\n" + _statements(body, indent + "  ") + f"{indent}}}\n"
        return out

    def namespace(self, spec: _Namespace, indent: str) -> str:
        out = _comment(self.doc.item("namespace", spec.name), indent)
        out += f"{indent}export namespace {spec.name} {{\n"
        inner = "".join(self.item(item, indent + "  ") for item in spec.items)
        return out + inner.rstrip("\n") + f"\n{indent}}}\n"

    # -- classes

    def class_(self, spec: _Class, indent: str) -> str:
        rng = self.rng
        fields = [_FIELD.match(f) for f in spec.fields]
        if not all(fields):
            raise ValueError(f"cannot read a field of {spec.name}")
        base = re.sub(r"<.*", "", spec.base)
        inherited = self.built.get(base, _Built("none", []))
        own = [
            (f["name"], f["type"], bool(f["opt"]))
            for f in fields
            if f["default"] is None and "static" not in f["mods"] and "abstract" not in f["mods"]
        ]
        if base and base not in self.built:
            style = "custom"
        elif inherited.style != "none":
            style = inherited.style
        elif not own:
            style = "none"
        else:
            style = "options" if rng.random() < (0.75 if len(own) >= 4 else 0.35) else "params"
        # Positional parameters: the required ones first, each group in order.
        params = inherited.params + own
        if style == "params":
            params = [p for p in params if not p[2]] + [p for p in params if p[2]]
        self.built[spec.name] = _Built(style, params if style in ("options", "params") else [])
        if not own and style != "custom":
            style = "none"  # the base's constructor serves (it is inherited)
        # A root class with positional parameters may declare its fields in them.
        param_props = style == "params" and not base and rng.random() < 0.5
        example_name = _camel(words_of(spec.name))
        self.owner = spec.name  # for the examples of its static methods
        out = ""
        if style == "options":
            out += self._options(spec, own, inherited, indent)
        built = self.built[spec.name]
        new = self._new_call(spec, built.style, built.params)
        example = [f"const {example_name} = new {spec.name}({new});"] if not spec.abstract else None
        doc = self.doc.item(
            "class", spec.name, tparams=spec.tparams, example=example, category=spec.category
        )
        out += _comment(doc, indent)
        abstract = "abstract " if spec.abstract else ""
        extends = f" extends {spec.base}" if spec.base else ""
        implements = f" implements {spec.implements}" if spec.implements else ""
        out += f"{indent}export {abstract}class {spec.name}{spec.tparams}{extends}{implements} {{\n"
        inner = indent + "  "
        for f in fields:
            if param_props and f["default"] is None and "static" not in f["mods"]:
                continue
            default = f["default"]
            doc = self.doc.item("property", f["name"], member=True, default=default or "")
            opt = "?" if f["opt"] else ""
            value = f" = {default}" if default else ""
            mods = f["mods"]
            out += _comment(doc, inner) + f"{inner}{mods}{f['name']}{opt}: {f['type']}{value};\n"
        out += self._constructor(spec, style, params, inherited, fields, param_props, inner)
        for accessor in spec.accessors:
            out += self._accessor(accessor, inner)
        for signatures in spec.methods:
            out += self.function(_Function(signatures), inner, method=example_name)
        return out + f"{indent}}}\n"

    def _options(
        self, spec: _Class, own: list[tuple[str, str, bool]], inherited: _Built, indent: str
    ) -> str:
        """The interface of a class's constructor options (its own fields')."""
        name = f"{spec.name}Options"
        lines = []
        if self.rng.random() < 0.7:
            lines = [f"Options for {{@link {spec.name}}}'s constructor."]
            if self.rng.random() < 0.2:
                lines += ["", *_prose(self.rng)]
        if spec.category:
            lines.append(f"@category {spec.category}")
        out = _comment(lines, indent)
        base = re.sub(r"<.*", "", spec.base)
        extends = f" extends {base}Options" if inherited.style == "options" else ""
        out += f"{indent}export interface {name}{extends} {{\n"
        for field, ts_type, optional in own:
            doc = self.doc.item("property", field, member=True)
            out += _comment(doc, indent + "  ") + f"{indent}  {field}{'?' * optional}: {ts_type};\n"
        self.doc.names.append(name)
        return out + f"{indent}}}\n\n"

    def _new_call(self, spec: _Class, style: str, params: list[tuple[str, str, bool]]) -> str:
        rng = self.rng
        if style == "options":
            shown = [(n, t) for n, t, o in params if not o or rng.random() < 0.3]
            return "{ " + ", ".join(f"{n}: {_sample(rng, t)}" for n, t in shown) + " }"
        if style == "params":
            return ", ".join(_sample(rng, t) for _, t, o in params if not o)
        if style == "custom":
            head = spec.ctor.partition(" ~> ")[0]
            return ", ".join(_sample(rng, t) for _, t, _o in _params(head[1:-1]))
        return ""

    def _constructor(
        self,
        spec: _Class,
        style: str,
        params: list[tuple[str, str, bool]],
        inherited: _Built,
        fields: list,
        param_props: bool,
        indent: str,
    ) -> str:
        if style == "none":
            return ""
        own = {f["name"]: f for f in fields}
        if style == "custom":
            head, _, body = spec.ctor.partition(" ~> ")
            plist, statements = head[1:-1], body
            documented = _params(plist)
        elif style == "options":
            plist = f"options: {spec.name}Options"
            supers = "options" if inherited.style == "options" else ""
            statements = f"super({supers}); " if spec.base else ""
            statements += "; ".join(f"this.{n} = options.{n}" for n, _t, _o in params if n in own)
            documented = [("options", f"{spec.name}Options", False)]
        else:
            written = []
            for n, t, o in params:
                mods = ""
                if param_props and n in own:
                    field_mods = own[n]["mods"]
                    mods = "protected " if "protected" in field_mods else "public "
                    mods = "readonly " if mods == "public " and "readonly" in field_mods else mods
                    mods += "readonly " if mods == "protected " and "readonly" in field_mods else ""
                written.append(f"{mods}{n}{'?' if o else ''}: {t}")
            plist = ", ".join(written)
            supers = ", ".join(n for n, _t, _o in inherited.params)
            statements = f"super({supers}); " if spec.base else ""
            if not param_props:
                statements += "; ".join(f"this.{n} = {n}" for n, _t, _o in params if n in own)
            documented = params
        doc = self.doc.item("constructor", spec.name, params=documented, member=True)
        out = _comment(doc, indent) + f"{indent}constructor({plist}) {{"
        body = _statements(statements, indent + "  ")
        return out + (f"\n{body}{indent}}}\n" if body else "}\n")

    def _accessor(self, accessor: str, indent: str) -> str:
        found = _ACCESSOR.match(accessor)
        if not found:
            raise ValueError(f"cannot read the accessor {accessor!r}")
        name, ts_type = found["name"], found["type"]
        doc = self.doc.item("accessor", name, member=True)
        if found["kind"] == "get":
            return (
                _comment(doc, indent)
                + f"{indent}get {name}(): {ts_type} {{\n"
                + _statements(found["body"], indent + "  ")
                + f"{indent}}}\n"
            )
        field = f"this.#{name}"
        return (
            f"{indent}#{name}: {ts_type} = {found['init']};\n"
            + _comment(doc, indent)
            + f"{indent}get {name}(): {ts_type} {{\n{indent}  return {field};\n{indent}}}\n"
            + f"{indent}set {name}(value: {ts_type}) {{\n{indent}  {field} = value;\n{indent}}}\n"
        )


def _result(name: str) -> str:
    """A variable name for what ``name`` returns, in an example.

    >>> [_result(n) for n in ("measureArea", "isDue", "frostFreeDays", "delete")]
    ['area', 'due', 'result', 'result']
    """
    words = words_of(name)
    if len(words) > 1 and words[0] in _VERBS | {"is", "has", "to", "by", "in", "find"}:
        words = words[1:]
    out = _camel(words)
    return "result" if out == name or out in ("delete", "new") else out


def _item_name(item: object) -> str:
    if isinstance(item, (_Class, _Interface, _Enum, _Alias, _Namespace)):
        return item.name
    if isinstance(item, _Function):
        return _SIGNATURE.match(item.signatures[0].partition(" ~> ")[0])["name"]
    if isinstance(item, _Variable):
        return re.match(r"(?:const|let) (\w+)", item.declaration).group(1)
    return ""


def _strip_comments(code: str) -> str:
    code = re.sub(r"/\*\*.*?\*/", "", code, flags=re.DOTALL)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', code)


def _imports(code: str, module: str, symbols: dict[str, str]) -> str:
    """The module's ``import`` lines: each name it uses from another module."""
    used: dict[str, set[str]] = {}
    for name in re.findall(r"(?<![.\w#])([A-Za-z_]\w*)", code):
        home = symbols.get(name)
        if home and home != module:
            used.setdefault(home, set()).add(name)
    order = [name for name, _items, _about in _MODULES]
    return "".join(
        f'import {{ {", ".join(sorted(names))} }} from "./{home}.js";\n'
        for home, names in sorted(used.items(), key=lambda kv: order.index(kv[0]))
    )


def _register() -> None:
    """The enums' members and the type aliases' values, for the examples."""
    for _name, items, _about in _MODULES:
        for item in items:
            if isinstance(item, _Enum):
                _ENUM_MEMBERS[item.name] = item.members
            elif isinstance(item, _Alias) and item.value:
                _VALUES[item.name] = item.value


_register()


# ---------------------------------------------------------------- the project


def _readme(rng: random.Random, writer: _Writer) -> str:
    rows = "".join(f"| {{@link {name}! | {name}}} | {about}. |\n" for name, _i, about in _MODULES)
    crop = rng.choice(_WORDS)
    args = {"name": f'"{crop}"', "family": "CropFamily.Brassicas", "daysToHarvest": "70"}
    return (
        "# Hazel Lane allotments\n\n"
        "The types and helpers the Hazel Lane Allotment Society's tools are written with: plots "
        "and their beds, crops and the rotation, the growing calendar, members and the waiting "
        "list, soil tests, water points and the trading hut.\n\n"
        f"{_paragraph(rng)}\n\n## Installing\n\n"
        f"```sh\nnpm install {_PACKAGE}\n```\n\n"
        "It is written for Node.js 18 and later, and for browsers; it has no dependencies.\n\n"
        "## Using it\n\n"
        "```ts\n"
        f'import {{ Vegetable, CropFamily }} from "{_PACKAGE}/crops";\n'
        f'import {{ seasonOf }} from "{_PACKAGE}/calendar";\n\n'
        f"const {crop} = {writer.construct('Vegetable', args)};\n"
        f"const ready = {crop}.harvestDate(new Date());\n"
        "console.log(`ready in ${seasonOf(ready)}`);\n```\n\n"
        f"{_paragraph(rng)}\n\n## Modules\n\n| Module | What it holds |\n|---|---|\n{rows}\n"
        f"## Contributing\n\n{_paragraph(rng)}\n\n"
        "## Licence\n\nMIT, see `LICENSE`.\n"
    )


def _guide(rng: random.Random, title: str, writer: _Writer) -> str:
    parts = [f"---\ntitle: {title}\n---\n\n# {title}\n\n{_paragraph(rng)}\n"]
    for _ in range(rng.randint(3, 6)):
        parts.append(f"## {_title(rng)}\n\n{_paragraph(rng)}\n")
        roll = rng.random()
        if roll < 0.3:
            word = rng.choice(_WORDS)
            parts.append(
                f'```ts\nimport {{ Schedule }} from "{_PACKAGE}/calendar";\n\n'
                f"const {word} = {writer.construct('Schedule', {'name': json.dumps(word)})};\n"
                f"{word}.due().forEach((task) => "
                "task.complete());\n```\n"
            )
        elif roll < 0.5:
            parts.append("".join(f"- {_sentence(rng, 3, 9)}\n" for _ in range(rng.randint(2, 5))))
        elif roll < 0.6:
            parts.append(_table(rng, rng.randint(3, 6)))
        else:
            parts.append(f"{_paragraph(rng)}\n")
    return "\n".join(parts)


def _changelog(rng: random.Random) -> str:
    out = "# Changelog\n\n"
    for version in ("2.4.1", "2.4.0", "2.3.0", "2.2.0", "2.1.0", "2.0.0", "1.2.0"):
        out += f"## {version}\n\n"
        out += "".join(f"- {_sentence(rng, 4, 12)}\n" for _ in range(rng.randint(1, 5))) + "\n"
    return out


def _package(root: Path) -> None:
    package = {
        "name": _PACKAGE,
        "version": _VERSION,
        "description": "Plots, crops, members and the rest of an allotment society, in TypeScript",
        "license": "MIT",
        "type": "module",
        "exports": {f"./{name}": f"./dist/{name}.js" for name, _i, _a in _MODULES},
        "files": ["dist"],
        "scripts": {"build": "tsc", "docs": "typedoc"},
        "devDependencies": NPM_PACKAGES,
    }
    (root / "package.json").write_text(json.dumps(package, indent=2) + "\n", encoding="utf-8")


def write_typedoc_sources(root: Path, seed: int = 0) -> None:
    """The project's sources, ``tsconfig.json`` and ``typedoc.json`` in ``root``,
    the same for a seed."""
    rng = random.Random(seed + 6161)
    for folder in ("src", "guides"):
        shutil.rmtree(root / folder, ignore_errors=True)
        (root / folder).mkdir(parents=True)
    symbols = {
        _item_name(item): name
        for name, items, _about in _MODULES
        for item in items
        if _item_name(item)
    }
    symbols.update(
        {
            f"{item.name}Options": name
            for name, items, _a in _MODULES
            for item in items
            if isinstance(item, _Class)
        }
    )
    writer = _Writer(rng)
    for name, items, about in _MODULES:
        text = writer.module(name, items, about, symbols)
        (root / "src" / f"{name}.ts").write_text(text, encoding="utf-8")
    _package(root)
    (root / "README.md").write_text(_readme(rng, writer), encoding="utf-8")
    (root / "CHANGELOG.md").write_text(_changelog(rng), encoding="utf-8")
    for slug, title in (
        ("getting-started", "Getting started"),
        ("migrating", "Migrating from 1.x"),
    ):
        (root / "guides" / f"{slug}.md").write_text(_guide(rng, title, writer), encoding="utf-8")
    tsconfig = {
        "compilerOptions": {
            "target": "ES2022",
            "module": "NodeNext",
            "moduleResolution": "NodeNext",
            "strict": True,
            "declaration": True,
            "outDir": "dist",
            "rootDir": "src",
            "skipLibCheck": True,
        },
        "include": ["src"],
    }
    (root / "tsconfig.json").write_text(json.dumps(tsconfig, indent=2) + "\n", encoding="utf-8")
    typedoc = {
        "$schema": "https://typedoc.org/schema.json",
        "entryPoints": [f"src/{name}.ts" for name, _i, _a in _MODULES],
        "out": "docs",
        "includeVersion": True,
        "projectDocuments": ["guides/*.md", "CHANGELOG.md"],
        "navigationLinks": {"Society": "https://allotments.example/", "Source": _FORGE},
        "sourceLinkTemplate": f"{_FORGE}/src/tag/v{{gitRevision}}/{{path}}#L{{line}}",
        "gitRevision": _VERSION,
        "disableGit": True,
    }
    (root / "typedoc.json").write_text(json.dumps(typedoc, indent=2) + "\n", encoding="utf-8")


def build_typedoc(data: Path, seed: int = 0) -> Path:
    """TypeDoc's output folder for the library (built once into ``data``)."""
    root = data / "typedoc-site"
    return _npm_site(
        root,
        root / "docs",
        lambda: write_typedoc_sources(root, seed),
        "typedoc",
        ["typedoc"],
        "TypeDoc reference needs Node.js 18+",
    )


# ---------------------------------------------------------------- labels


#: TypeDoc 0.28's folders (its ``KindRouter``) and the kind each one holds.
_FOLDERS = {
    "classes": "class",
    "interfaces": "interface",
    "enums": "enum",
    "types": "type-alias",
    "functions": "function",
    "variables": "variable",
    "documents": "document",
}
_TOP = {"index.html": "index", "modules.html": "modules", "hierarchy.html": "hierarchy"}


def typedoc_kind_of(rel: str) -> str | None:
    """The kind of reflection a page documents, from where TypeDoc writes it
    (``None``: not a page).

    >>> [typedoc_kind_of(p) for p in ("index.html", "modules.html", "hierarchy.html")]
    ['index', 'modules', 'hierarchy']
    >>> [typedoc_kind_of(p) for p in ("classes/plots.Plot.html", "types/crops.Rotation.Group.html")]
    ['class', 'type-alias']
    >>> [typedoc_kind_of(p) for p in ("modules/plots.html", "modules/plots.Layout.html")]
    ['module', 'namespace']
    >>> [typedoc_kind_of(p) for p in ("documents/CHANGELOG.html", "assets/main.js", "x/y.html")]
    ['document', None, None]
    """
    if rel in _TOP:
        return _TOP[rel]
    folder, _, name = rel.partition("/")
    if not name.endswith(".html") or "/" in name:
        return None
    if folder == "modules":
        return "namespace" if "." in name[: -len(".html")] else "module"
    return _FOLDERS.get(folder)


#: The kind word the reflection template prints before the name in ``<h1>``.
_KIND_WORDS = {
    "Class": "class",
    "Interface": "interface",
    "Enumeration": "enum",
    "Type Alias": "type-alias",
    "Function": "function",
    "Variable": "variable",
    "Module": "module",
    "Namespace": "namespace",
}
_TITLE_BLOCK = re.compile(r'<div class="tsd-page-title">(.*?)</div>\s*(<[^>]*>)?', re.DOTALL)
_BREADCRUMB = re.compile(r'<ul class="tsd-breadcrumb"[^>]*>(.*?)</ul>', re.DOTALL)
_H1 = re.compile(r"<h1\b[^>]*>(.*?)</h1>", re.DOTALL)


def kind_in_html(html: str) -> str | None:
    """The kind of page a built page's title block says it is (``None``: no
    mark found): the kind word in ``<h1>`` on a reflection's page, no ``<h1>``
    on a document's; the project's page has an empty breadcrumb, the README
    and the hierarchy none (what follows the block tells them apart).

    >>> title = '<div class="tsd-page-title"><ul class="tsd-breadcrumb" aria-label="Breadcrumb">'
    >>> kind_in_html(title + '<li><a href="">plots</a></li></ul> <h1>Type Alias PlotId</h1></div>')
    'type-alias'
    >>> kind_in_html(title + '<li>x</li></ul><h1 class="deprecated">Class Task</h1></div>')
    'class'
    >>> kind_in_html(title + '<li><a href="">CHANGELOG</a></li></ul></div><div class="tsd-panel">')
    'document'
    >>> kind_in_html(title + "</ul> <h1>@hazel-lane/allotments</h1></div> <details>")
    'modules'
    >>> block = '<div class="tsd-page-title"> <h1>@hazel-lane/allotments</h1></div> '
    >>> kind_in_html(block + '<div class="tsd-panel tsd-typography"><h1>Hazel'), kind_in_html(
    ...     block + "<h2>Hierarchy Summary</h2>")
    ('index', 'hierarchy')
    >>> kind_in_html(title + '<li><a href="">x</a></li></ul> <h1>Plot</h1></div>') is None
    True
    """
    found = _TITLE_BLOCK.search(html)
    if not found:
        return None
    block, following = found.groups(default="")
    crumbs = _BREADCRUMB.search(block)
    h1 = _H1.search(block)
    if crumbs is None:
        if h1 is None:
            return None
        if following.startswith('<div class="tsd-panel tsd-typography"'):
            return "index"
        return "hierarchy" if following == "<h2>" else None
    if not crumbs.group(1).strip():
        return "modules" if h1 else None
    if h1 is None:
        return "document"
    title = h1.group(1)
    for word, kind in _KIND_WORDS.items():
        if title.startswith(f"{word} "):
            return kind
    return None


def typedoc_pages(data: Path) -> list[tuple[str, str, str]]:
    """(path, HTML, kind) of every page of the TypeDoc reference; ``SystemExit``
    if a page's markup names another kind than its place."""
    pages = _html_pages(build_typedoc(data), typedoc_kind_of)
    return agreeing_with_markup(pages, kind_in_html, "TypeDoc kinds")
