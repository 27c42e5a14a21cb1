/**
 * Kept whole: the one catalogue of the product's Uzbek texts, word for word, so that a text
 * is found, reviewed and quoted (docs/SCREENS.md) in one place.
 *
 * The Uzbek catalogue: every user-facing text of the product, written once.
 * The screens' texts, as docs/SCREENS.md quotes them word for word.
 */
/** The order numbers the chat's backlog message lists at most (the rest are on the board). */
const BACKLOG_NUMBERS_SHOWN = 100;

export const t = {
  // ---------- screens ----------
  notFound: 'Sahifa topilmadi',
  backToAdmin: 'Bosh sahifaga qaytish',
  restaurants: 'Restoranlar',
  profile: 'Profil',
  home: 'Asosiy',
  menu: 'Menyu',
  categories: 'Kategoriyalar',
  products: 'Mahsulotlar',
  options: 'Opsiyalar',
  optionRows: 'Variantlar',
  active: 'Faol',
  inactive: 'Nofaol',
  total: 'Jami',
  inactiveCount: 'No faol',
  integration: 'Integratsiya',
  manual: 'Oddiy',
  previous: 'Oldingi',
  next: 'Keyingi',
  yes: 'Ha',
  no: "Yo'q",
  available: 'Mavjud',
  stopList: 'Stop-list',
  back: 'Orqaga',
  save: 'Saqlash',
  cancel: 'Bekor qilish',
  close: 'Yopish',
  /** The toasts' region, for screen readers (Alt+T moves focus there). */
  notifications: 'Bildirishnomalar (Alt+T)',
  edit: 'Tahrirlash',
  delete: "O'chirish",
  view: "Ko'rish",
  add: "Qo'shish",
  create: 'Yaratish',
  sync: 'Sinxronlash',
  signIn: 'Kirish',
  signOut: 'Chiqish',
  login: 'Login',
  password: 'Parol',
  role: 'Rol',
  status: 'Holat',
  type: 'Turi',
  actions: 'Amallar',
  number: '#',
  page: 'Sahifa',
  pageOf: (page: number, pages: number) => `${page} / ${pages}`,
  loading: 'Yuklanmoqda...',
  search: 'Qidirish',
  select: 'Tanlang',
  selectAll: 'Hammasini tanlash',
  moveToStopList: "Stop-listga qo'shish",
  removeFromStopList: 'Stop-listdan chiqarish',
  addRestaurant: "Restoran qo'shish",
  addIntegrationRestaurant: "Integratsiya orqali qo'shish",
  editRestaurant: 'Restoranni tahrirlash',
  newRestaurant: 'Yangi restoran',
  restaurantDetail: "Restoran ma'lumotlari",
  myRestaurant: 'Mening restoranim',
  addCategory: "Kategoriya qo'shish",
  editCategory: 'Kategoriyani tahrirlash',
  addProduct: "Mahsulot qo'shish",
  editProduct: 'Mahsulotni tahrirlash',
  productDetail: "Mahsulot ma'lumotlari",
  addOption: "Opsiya qo'shish",
  editOption: 'Opsiyani tahrirlash',
  addOptionRow: "Variant qo'shish",
  editOptionRow: 'Variantni tahrirlash',
  managers: 'Menedjerlar',
  /** The admin's page of the modules' releases (sidebar link). */
  modules: 'Modullar',
  addManager: "Menedjer qo'shish",
  uploadImage: 'Rasm yuklash',
  images: 'Rasmlar',
  noImage: "Rasm yo'q",
  // catalog (mfe-catalog)
  productsOf: (category: string) => `Mahsulotlar: ${category}`,
  optionsOf: (product: string) => `Opsiyalar: ${product}`,
  optionRowsOf: (option: string) => `Variantlar: ${option}`,
  searchProducts: "Mahsulot nomi bo'yicha qidirish",
  noSearchResults: "Qidiruv bo'yicha mahsulot topilmadi",
  statusOf: (name: string) => `${name} holati`,
  currency: "so'm",
  categoryDeleteWarning: "Kategoriyadagi barcha mahsulotlar (opsiyalari bilan) ham o'chiriladi.",
  productDeleteWarning: "Mahsulotning opsiyalari va variantlari ham o'chiriladi.",
  optionDeleteWarning: "Opsiyaning barcha variantlari ham o'chiriladi.",
  pickProductTitle: 'Mahsulotni tanlang',
  pickProductForOptions:
    "Opsiyalar mahsulotga biriktiriladi: kategoriyani oching, mahsulotni tanlang va undagi 'Opsiyalar' tugmasini bosing.",
  goToCategories: "Kategoriyalarga o'tish",
  noImagesYet: "Mahsulotda hali rasm yo'q",
  // a product's pictures in Tahrirlash
  productImages: 'Mahsulot rasmlari',
  addImages: "Rasm qo'shish",
  replaceImage: 'Almashtirish',
  removeImage: "O'chirish",
  imageNumber: (n: number) => `${n}-rasm`,
  moveImageEarlier: (n: number) => `${n}-rasmni oldinga surish`,
  moveImageLater: (n: number) => `${n}-rasmni orqaga surish`,
  removeImageNumber: (n: number) => `${n}-rasmni o'chirish`,
  replaceImageNumber: (n: number) => `${n}-rasmni almashtirish`,
  imageWillBeReplaced: 'Saqlanganda almashtiriladi',
  productImagesSaved: 'Mahsulot rasmlari saqlandi!',
  pictureNotOwn: 'Bu rasm ushbu restoranga yuklanmagan: sahifani yangilab, rasmni qayta yuklang',

  // ---------- field labels ----------
  fields: {
    // restaurant
    name: 'Nomi',
    slug: 'Slug',
    address: 'Manzil',
    phone_number: 'Telefon raqami',
    work_time: 'Ish vaqti',
    manager_id: 'Menedjer',
    type: 'Turi',
    is_active: 'Faol',
    bot_token: 'Bot tokeni',
    channel_id: 'Kanal ID',
    image: 'Rasm',
    logotype: 'Logotip',
    // integration
    id: 'Restoran',
    // category
    title: 'Kategoriya nomi',
    restaurant_id: 'Restoran',
    // product
    category_id: 'Kategoriya',
    category: 'Kategoriya',
    description: 'Tavsif',
    price: 'Narxi',
    images: 'Rasmlar',
    files: 'Rasmlar',
    // option / row
    product_id: 'Mahsulot',
    product_option_id: 'Opsiya',
    min_choices: 'Kamida nechta tanlanadi',
    max_choices: "Ko'pi bilan nechta tanlanadi",
    max_quantity: 'Bir taomga necha martagacha',
    is_default: 'Oldindan tanlangan',
    // auth / profile
    login: 'Login',
    password: 'Parol',
    current_password: 'Joriy parol',
    role: 'Rol',
    createdAt: 'Yaratilgan sana',
    updatedAt: 'Yangilangan sana',
  },

  // ---------- states and transitions ----------
  noChanges: "Hech qanday o'zgarish yo'q.",
  signOutConfirm: 'Tizimdan chiqmoqchimisiz?',
  deleteConfirm: "Rostdan ham o'chirmoqchimisiz?",

  // ---------- validation ----------
  required: 'Majburiy maydon',
  invalidNumber: 'Son kiriting',
  negativeNumber: "Qiymat manfiy bo'lishi mumkin emas",
  tooLong: 'Matn juda uzun',
  invalidSlug: "Slug faqat kichik lotin harflari, raqamlar va chiziqchadan iborat bo'lishi kerak",
  passwordTooShort: "Parol kamida 8 ta belgidan iborat bo'lishi kerak",
  invalidValue: "Noto'g'ri qiymat",
  alreadyTaken: 'Bu qiymat allaqachon band',
  slugTaken: 'Bu slug allaqachon band',
  loginTaken: 'Bu login allaqachon band',
  managerHasRestaurant: 'Bu menedjerga allaqachon restoran biriktirilgan',
  selectRestaurantAndManager: 'Iltimos, restoran va menedjer tanlang!',
  categoryTitleEmpty: "Kategoriya nomi bo'sh bo'lishi mumkin emas!",
  noChangesCategory: "O'zgarishlar mavjud emas!",
  tokenMissing: 'Token topilmadi! Iltimos, qayta tizimga kiring.',
  slugMissing: 'Restoran slugi topilmadi!',

  // ---------- errors ----------
  listLoadError: "Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.",
  restaurantCreateError: "Restoran qo'shishda xatolik yuz berdi!",
  editError: 'Tahrirlashda xatolik yuz berdi!',
  deleteError: "O'chirishda xatolik yuz berdi!",
  syncError: 'Restoranni yangilashda xatolik yuz berdi!',
  categoriesLoadError: 'Kategoriyalarni olishda xatolik yuz berdi!',
  categoryDeleteError: "Kategoriya o'chirishda xatolik yuz berdi!",
  productsLoadError: 'Mahsulotlarni yuklashda xatolik yuz berdi!',
  productSaveError: 'Mahsulotni saqlashda xatolik yuz berdi!',
  productCreateError: 'Mahsulot yaratishda xatolik yuz berdi!',
  productUpdateError: 'Mahsulotni yangilashda xatolik yuz berdi!',
  productDeleteError: "Mahsulotni o'chirishda xatolik yuz berdi!",
  optionSaveError: 'Saqlashda xatolik yuz berdi.',
  optionDeleteError: "O'chirishda xatolik yuz berdi.",
  restaurantNotFound: 'Restoran topilmadi.',
  categoryNotFound: 'Kategoriya topilmadi.',
  productNotFound: 'Mahsulot topilmadi.',
  optionNotFound: 'Opsiya topilmadi.',
  restaurantManagerNotFound: 'Restoran uchun manager topilmadi.',
  matchingManagerNotFound: 'Mos manager topilmadi.',
  loginError: 'Login yoki parol xato',
  // the login page's other failures: never blame the password for them
  tooManyAttempts: (minutes: number | null) =>
    minutes === null
      ? "Juda ko'p urinish. Birozdan keyin qayta urinib ko'ring."
      : `Juda ko'p urinish. ${minutes} daqiqadan keyin qayta urinib ko'ring.`,
  serverError: "Serverda xatolik yuz berdi. Birozdan keyin qayta urinib ko'ring.",
  serverTimeout: "Server javob bermadi. Birozdan keyin qayta urinib ko'ring.",
  noConnection: "Server bilan aloqa yo'q. Internet aloqasini tekshiring.",
  profileLoadError: 'Profilni yuklashda xatolik yuz berdi',
  noOptions: 'Xali opsiya biriktirilmagan',
  noCategories: 'Bu restoranga kategoriya biriktirilmagan',
  noOptionRows: 'Xali variant biriktirilmagan',
  noProducts: "Bu kategoriyada mahsulot yo'q",
  noRestaurants: "Hali restoran yo'q",
  noManagers: "Hali menedjer yo'q",
  noRestaurantForManager: 'Sizga hali restoran biriktirilmagan',
  emptyList: "Ro'yxat bo'sh",
  uploadError: 'Rasm yuklashda xatolik yuz berdi!',
  // a picked file or an upload refused, said why
  notAnImage: (name: string) => `"${name}" rasm emas. Faqat JPEG, PNG, WebP yoki GIF rasm yuklash mumkin.`,
  imageTooLarge: (name: string) => `"${name}" juda katta: rasm 5 MB dan oshmasligi kerak.`,
  imageTooManyPixels: 'Rasm juda katta: 50 megapikseldan oshmasligi kerak.',
  imageQuotaExceeded: "Restoran rasmlari uchun joy tugadi: keraksiz rasmlarni o'chiring.",
  uploadRateLimited: "Juda ko'p rasm yuklandi. Birozdan keyin qayta urinib ko'ring.",
  managerCreateError: "Menedjer qo'shishda xatolik yuz berdi!",
  stopListError: 'Stop-listni yangilashda xatolik yuz berdi!',
  categorySaveError: 'Kategoriyani saqlashda xatolik yuz berdi!',

  // ---------- success toasts ----------
  restaurantCreated: "Restoran qo'shildi!",
  restaurantUpdated: 'Restoran yangilandi!',
  restaurantDeleted: "Restoran o'chirildi!",
  syncSuccess: 'Restoran yangilandi!',
  // ---------- POS integrations (iiko, Poster) ----------
  posProvider: 'Kassa tizimi',
  posProviderIiko: 'iiko Cloud',
  posProviderPoster: 'Poster',
  posApiLogin: 'API login',
  posAppId: 'Ilova ID (appId)',
  posClientSecret: 'Client secret',
  posApiKey: 'API kalit',
  posPosterToken: 'Poster tokeni',
  posPosterAppSecret: 'Ilova maxfiy kaliti',
  posConnect: 'Ulanish',
  posOrganization: 'Tashkilot',
  posSpot: 'Filial',
  posChooseLocation: 'Tashkilot yoki filialni tanlang',
  posPreview: "Ko'rib chiqish",
  posPreviewCounts: (c: { categories: number; products: number; options: number; pictures: number }) =>
    `${c.categories} ta kategoriya, ${c.products} ta mahsulot, ${c.options} ta opsiya, ${c.pictures} ta rasm`,
  posImport: 'Import qilish',
  posImporting: 'Import qilinmoqda...',
  posImported: 'Menyu import qilindi!',
  posLastSync: "So'nggi sinxronlash",
  posNeverSynced: 'Hali sinxronlanmagan',
  posSyncOk: 'Muvaffaqiyatli',
  posSyncUnchanged: "O'zgarish yo'q",
  posSyncFailed: 'Xatolik',
  posSyncCounts: (c: { added: number; changed: number; removed: number }) =>
    `${c.added} ta qo'shildi, ${c.changed} ta o'zgardi, ${c.removed} ta o'chirildi`,
  posPicturesProgress: (p: { done: number; total: number }) =>
    `Mahsulot rasmlari yuklanmoqda: ${p.done} / ${p.total}`,
  posPicturesDone: (p: { total: number; failed: number }) =>
    `Mahsulot rasmlari yuklandi (${p.total} ta mahsulot)${p.failed > 0 ? `, ${p.failed} ta rasm yuklanmadi` : ''}`,
  posErrorUnreachable: "Kassa tizimiga ulanib bo'lmadi. Keyinroq qayta urinib ko'ring.",
  posErrorCredentials: "Kassa tizimi login yoki kalitni qabul qilmadi. Ma'lumotlarni tekshiring.",
  posErrorMalformed: "Kassa tizimi noto'g'ri javob qaytardi. Menyu o'zgartirilmadi.",
  posErrorRateLimited: "Kassa tizimi so'rovlarni vaqtincha chekladi. Keyinroq qayta urinib ko'ring.",
  posErrorLocationGone: 'Kassa tizimida bu tashkilot yoki filial topilmadi.',
  posErrorBusy: 'Bu restoran hozir sinxronlanmoqda.',
  posErrorInvalidMenu: "Kassa tizimidagi menyu noto'g'ri. Menyu o'zgartirilmadi.",
  posAdd: "Kassa tizimidan qo'shish",
  posStepCredentials: '1. Kassa tizimi va kirish maʼlumotlari',
  posStepLocation: '2. Tashkilot yoki filial',
  posStepImport: '3. Import',
  posIikoAuthHint: 'API login yoki (appId, client secret, API kalit) dan birini kiriting.',
  posWebhookToken: "Webhook tokeni (faqat hozir ko'rsatiladi, iiko sozlamalariga kiriting)",
  posIntegration: 'Kassa integratsiyasi',
  posErrorSecretKey: "Server sozlanmagan: INTEGRATION_SECRET_KEY yo'q.",
  categoryCreated: 'Kategoriya yaratildi!',
  categoryUpdated: 'Kategoriya tahrirlandi!',
  categoryDeleted: "Kategoriya o'chirildi!",
  productCreated: 'Mahsulot yaratildi!',
  productUpdated: 'Mahsulot yangilandi!',
  productDeleted: "Mahsulot o'chirildi!",
  productImageUploaded: 'Mahsulot rasmi yuklandi!',
  imageUploaded: 'Rasm yuklandi!',
  optionCreated: "Opsiya qo'shildi!",
  optionUpdated: 'Opsiya yangilandi!',
  optionDeleted: "Opsiya o'chirildi!",
  optionRowUpdated: 'Variant yangilandi',
  optionRowCreated: "Yangi variant qo'shildi",
  optionRowDeleted: "Variant o'chirildi",
  /**
   * An option's rule (docs/PRODUCT.md, "Options and their rules"): the option dialog's presets,
   * its preview of the guest's sheet, the lists' words, and the server's refusals by their code
   * (`option_rule: <code>`, shown under the field).
   */
  optionRules: {
    title: 'Tanlash qoidasi',
    hint: "Mehmon bu opsiyaning variantlaridan nechtasini tanlashi shart va nechtasigacha tanlashi mumkin. Bir variantni bir necha marta olish mumkin bo'lsa, uni variantning o'zida belgilang.",
    exactlyOne: 'Bittasini tanlash shart',
    upToOne: 'Ixtiyoriy, bittagacha',
    several: 'Ixtiyoriy, bir nechta',
    preview: "Mehmon shunday ko'radi",
    sampleRow: (n: number) => `${n}-variant`,
    exactly: (n: number) => `${n} tasini tanlash shart`,
    upTo: (n: number) => `${n} tagacha`,
    range: (min: number, max: number) => `${min} tadan ${max} tagacha`,
    /** A row's own limits in the rows' list. */
    rowUpTo: (n: number) => `${n} martagacha`,
    rowFree: (n: number) => `${n} tasi bepul`,
    maxQuantityHint:
      "1: bir marta yoki umuman olinmaydi; 2 va undan ko'p: mehmon sonini tanlaydi (masalan, Qazi x2)",
    errors: {
      whole: 'Butun son kiriting',
      negative: "Manfiy son bo'lmaydi",
      max_zero: "Kamida 1 bo'lishi kerak",
      too_many: 'Ruxsat etilgan chegaradan katta',
      min_above_max: "«Kamida» «Ko'pi bilan»dan katta bo'lmasin",
      above_rows: 'Variantlar buncha tanlashga yetmaydi',
      defaults_above_max: "Oldindan tanlangan variantlar opsiya ruxsat etganidan ko'p",
      free_above_max: "Bepul soni necha martagacha olinishidan ko'p bo'lmasin",
      below_min: "Bunda opsiyaning «Kamida» shartini bajarib bo'lmaydi",
    } as Record<string, string>,
  },
  managerCreated: "Menedjer qo'shildi!",

  // ---------- accounts (sessions a server ends) ----------
  changePassword: "Parolni o'zgartirish",
  newPassword: 'Yangi parol',
  passwordChanged: "Parol o'zgartirildi! Boshqa qurilmalardagi seanslar yakunlandi.",
  passwordChangeError: "Parolni o'zgartirishda xatolik yuz berdi!",
  wrongCurrentPassword: "Joriy parol noto'g'ri",
  resetPassword: 'Parolni tiklash',
  resetPasswordTitle: (login: string) => `${login}: yangi parol`,
  passwordReset: "Yangi parol o'rnatildi! Menedjerning seanslari yakunlandi.",
  deactivate: 'Nofaol qilish',
  activate: 'Faollashtirish',
  deactivateConfirm: (login: string) => `${login} nofaol qilinsinmi?`,
  deactivateHint: 'U tizimga kira olmaydi, barcha seanslari darhol yakunlanadi.',
  managerDeactivated: 'Menedjer nofaol qilindi!',
  managerActivated: 'Menedjer faollashtirildi!',
  stopListUpdated: 'Stop-list yangilandi!',
  movedToStopList: "Mahsulotlar stop-listga qo'shildi!",
  removedFromStopList: 'Mahsulotlar stop-listdan chiqarildi!',

  // ---------- the stop-list screen (mfe-stoplist) ----------
  stopListEmpty: "Stop-listda mahsulot yo'q",
  oldSlugs: 'Eski manzillar',
  oldSlugsHint: 'Eski QR kodlar shu manzillar orqali menyuni ochadi (oxirgi 5 tasi saqlanadi).',
  releaseOldSlug: "Bo'shatish",
  releaseOldSlugOf: (slug: string) => `/m/${slug} manzilini bo'shatish`,
  releaseOldSlugQuestion: (slug: string) =>
    `/m/${slug} bo'shatilsinmi? Bu manzildagi QR kodlar endi menyuni ochmaydi, uni boshqa restoran olishi mumkin.`,
  oldSlugReleased: "Manzil bo'shatildi!",
  oldSlugReleaseError: "Manzilni bo'shatishda xatolik yuz berdi!",
  /** Beside a category its manager switched off: its products are not on the guests' menu. */
  categoryOff: "Kategoriya nofaol: mehmonlar ko'rmaydi",
  noAvailableProducts: "Mavjud mahsulot yo'q",
  noProductsGoToCategories: "Restoranda hali mahsulot yo'q. Avval kategoriya va mahsulot qo'shing.",
  /** The kitchen's stop-list of a restaurant without products (the catalog is its manager's). */
  noProductsYet: "Restoranda hali mahsulot yo'q.",
  selectedCount: (n: number) => `${n} ta tanlandi`,
  selectedHiddenBySearch: (n: number) => `${n} tasi qidiruvda ko'rinmaydi`,
  selectCategory: (title: string) => `${title}: hammasini tanlash`,
  productCount: (n: number) => `${n} ta mahsulot`,

  // ---------- the menu in the restaurant's order (@qrmenu/shared/sortable) ----------
  sortable: {
    moveUp: 'Yuqoriga',
    moveDown: 'Pastga',
    /** The product table's column of handles and buttons. */
    column: 'Tartib',
    moveUpOf: (item: string) => `Yuqoriga: ${item}`,
    moveDownOf: (item: string) => `Pastga: ${item}`,
    /** The drag handle's name (a screen reader also reads its role and the instructions). */
    handle: (item: string) => `Tartibini o'zgartirish: ${item}`,
    /** aria-roledescription of a handle: what it is instead of the generic "button". */
    roleDescription: 'tartiblanadigan element',
    /** Read once on focusing a handle (dnd-kit's screenReaderInstructions). */
    instructions:
      "Elementni ko'tarish uchun Probel yoki Enter tugmasini bosing. Ko'tarilgan elementni yuqoriga va " +
      "pastga strelka tugmalari bilan siljiting. Joyiga qo'yish uchun yana Probel yoki Enter, bekor " +
      'qilish uchun Escape tugmasini bosing.',
    // live announcements of a drag (dnd-kit's announcements) and of the Yuqoriga/Pastga buttons
    picked: (item: string, at: number, of: number) =>
      `«${item}» ko'tarildi. Hozir ${of} tadan ${at}-o'rinda.`,
    over: (item: string, at: number, of: number) => `«${item}» ${of} tadan ${at}-o'rinda.`,
    outside: (item: string) => `«${item}» ro'yxatdan tashqarida.`,
    dropped: (item: string, at: number, of: number) => `«${item}» ${of} tadan ${at}-o'ringa qo'yildi.`,
    cancelled: (item: string, at: number) => `Ko'chirish bekor qilindi. «${item}» ${at}-o'rinda qoldi.`,
    moved: (item: string, at: number, of: number) => `«${item}» ${of} tadan ${at}-o'ringa ko'chirildi.`,
    /** A move the server refused or never got: the list is back as it was. */
    moveError: "Tartibni saqlab bo'lmadi. Avvalgi tartib qaytarildi.",
  },

  // ---------- shell / federation ----------
  remoteLoadError: "Bo'limni yuklab bo'lmadi",
  retry: 'Qayta urinish',
  moduleNotAvailable: "Bu bo'lim hali mavjud emas",
  unexpectedError: 'Kutilmagan xatolik yuz berdi',

  // ---------- a restaurant's QR code (the back office) ----------
  qr: {
    title: 'QR kod',
    openMenu: 'Menyuni ochish',
    downloadSvg: 'SVG yuklab olish',
    downloadPng: 'PNG yuklab olish',
    print: 'Chop etish',
    imageAlt: (restaurant: string) => `${restaurant} menyusining QR kodi`,
    scanHint: "Menyuni ko'rish uchun QR kodni skanerlang",
    inactiveNote:
      'Restoran nofaol: QR kod ochgan mehmonlar menyu o\'rniga "Sahifa topilmadi" sahifasini ko\'radi.',
    error: "QR kodni yaratib bo'lmadi",
    /** The one code opens the guest's language; a printed card in one language links these. */
    languageLinks: 'Bitta tildagi bosma kartalar uchun havolalar',
    // what the server does (api: a slug change keeps the old slug as a 301 to the new one, no
    // other restaurant may take it, deleting the restaurant frees it)
    slugChangeWarning:
      "Diqqat: slug o'zgarsa, menyu manzili ham o'zgaradi. Chop etilgan QR kodlar eski manzilni ochadi va " +
      "u yangi manzilga yo'naltiriladi (eski slugni boshqa restoran ololmaydi); restoran o'chirilsa, " +
      'ular ishlamay qoladi. Yangi QR kodni yuklab olib, qayta chop eting.',
  },

  // ---------- menu content in Russian and English (the back office stays Uzbek) ----------
  translations: {
    /** The language tabs' accessible name (the tabs show each language's own name). */
    tabs: 'Tillar',
    /** A tab or a list row whose translation is not filled in. */
    missing: 'Tarjima qilinmagan',
    /** A tab holding a field with an error. */
    hasError: 'Xato bor',
    /** The screen listing what is still untranslated (one per restaurant), and the link to it. */
    title: 'Tarjima qilinmaganlar',
    open: 'Tarjimalar',
    intro: "Tanlangan tilda hali tarjima qilinmagan matnlar. To'ldirib, har birini saqlang.",
    allDone: 'Bu tilda hammasi tarjima qilingan',
    saved: 'Tarjima saqlandi',
    /** What each item is. */
    kinds: {
      restaurant: 'Restoran',
      category: 'Kategoriya',
      product: 'Mahsulot',
      option: 'Opsiya',
      optionRow: 'Variant',
    },
  },

  // ---------- placements of the QR codes and the guests' visits ----------
  placements: {
    title: 'Joylashuvlar',
    hint: "Har bir joy (stol, eshik, Instagram) o'z QR kodini oladi: qaysi koddan kirilgani alohida sanaladi.",
    nameLabel: 'Joy nomi yoki oraliq',
    namePlaceholder: 'Stol 1-20, Eshik, Instagram',
    add: "Qo'shish",
    added: (n: number) => `${n} ta joy qo'shildi`,
    rename: "Nomini o'zgartirish",
    renamed: "Nomi o'zgartirildi",
    save: 'Saqlash',
    cancel: 'Bekor qilish',
    delete: "O'chirish",
    deleted: "Joy o'chirildi",
    deleteQuestion: (name: string) =>
      `"${name}" o'chirilsinmi? Uning chop etilgan kodlari ishlayveradi va "QR kod" sifatida sanaladi.`,
    nameTaken: 'Bunday nomli joy allaqachon bor',
    tooMany: (max: number) => `Bir martada ${max} tadan ko'p joy qo'shib bo'lmaydi`,
    badRange: "Oraliq noto'g'ri: masalan, Stol 1-20",
    saveError: "Saqlab bo'lmadi",
    loadError: "Joylashuvlarni yuklab bo'lmadi",
    empty: "Hali joy qo'shilmagan: umumiy QR kod ishlatiladi.",
    all: 'Hammasi',
    generalCode: 'Umumiy QR kod',
    show: "Ko'rsatish",
    printAll: (n: number) => `Hammasini chop etish (${n} varaq)`,
    printSmall: 'Kichik kodlar (bir varaqda 6 ta)',
    /** What the tables' codes open: the web page, or the table in the restaurant's Telegram bot. */
    codesOpen: 'Stol kodlari ochadi',
    web: 'Veb-sahifa',
  },
  visits: {
    title: "Menyuni ko'rishlar",
    chartTitle: "So'nggi 30 kun",
    chartLabel: (visits: number, unique: number) =>
      `So'nggi 30 kun grafigi: ${visits} ta ko'rish, ${unique} ta noyob mehmon`,
    visits: "Ko'rishlar",
    unique: 'Noyob mehmonlar',
    today: 'Bugun',
    week: '7 kun',
    month: '30 kun',
    day: 'Kun',
    tableCaption: "Kunlar bo'yicha ko'rishlar va noyob mehmonlar",
    showTable: "Jadval ko'rinishida",
    topPlacements: 'Joylar',
    topLanguages: 'Tillar',
    noPlacement: 'QR kod',
    deletedPlacement: "O'chirilgan joy",
    none: "Hali ko'rishlar yo'q",
    loadError: "Statistikani yuklab bo'lmadi",
    csv: 'CSV yuklab olish',
    csvError: "CSV yuklab bo'lmadi",
    privacy:
      "Cookie'siz sanaladi: mehmonning manzili saqlanmaydi, botlar va havola ko'rinishlari sanalmaydi.",
    languageNames: { uz: "O'zbekcha", ru: 'Ruscha', en: 'Inglizcha' } as Record<string, string>,
    sortBy: (column: string) => `${column} bo'yicha saralash`,
  },

  // ---------- «Hisobot»: the reports of the manager and the admin (mfe-reports, docs/REPORTS.md) ----------
  reports: {
    title: 'Hisobot',
    /** The sections, one report each. */
    nav: "Hisobot bo'limlari",
    sections: {
      takings: 'Tushum',
      dishes: 'Taomlar',
      times: 'Vaqt',
      guests: 'Mehmonlar',
      rejections: 'Rad etilganlar',
    } as Record<string, string>,
    // the period picker
    period: 'Davr',
    periods: {
      today: 'Bugun',
      yesterday: 'Kecha',
      week: '7 kun',
      month30: '30 kun',
      month: 'Oy',
      custom: 'Boshqa davr',
    } as Record<string, string>,
    monthPick: 'Oyni tanlang',
    from: 'Boshlanishi',
    to: 'Oxiri',
    show: "Ko'rsatish",
    /** "2025-05-01 – 2025-05-07" */
    span: (from: string, to: string) => (from === to ? from : `${from} – ${to}`),
    comparedWith: (span: string) => `Oldingi davr bilan solishtirilgan: ${span}`,
    /** The change against the previous period: "+12 %", "-5 %". */
    change: (percent: number) => `${percent > 0 ? '+' : ''}${percent} %`,
    changeLabel: (percent: number) =>
      percent === 0 ? 'oldingi davrdagidek' : `oldingi davrga nisbatan ${percent > 0 ? '+' : ''}${percent} %`,
    /** The previous period had none: no percentage to give. */
    changeNew: 'yangi',
    previousValue: (value: string) => `Oldingi davr: ${value}`,
    // bad periods, said before anything is asked
    badRange: "Boshlanish sanasi oxiridan keyin bo'lmasin",
    tooLong: (days: number) => `Davr ${days} kundan oshmasin`,
    badDay: 'Sanani tanlang',
    loadError: "Hisobotni yuklab bo'lmadi",
    empty: "Bu davrda buyurtma yo'q",
    guestsEmpty: "Bu davrda menyuni hech kim ochmadi va buyurtma bo'lmadi",
    // charts and their tables
    showTable: "Jadval ko'rinishida",
    showChart: "Grafik ko'rinishida",
    legend: 'Belgilar',
    // takings
    orders: 'Buyurtmalar',
    revenue: 'Tushum',
    paid: "To'langan",
    unpaid: "To'lanmagan",
    rejected: 'Rad etilgan',
    averageCheck: "O'rtacha chek",
    byDay: "Kunlar bo'yicha tushum",
    byMethod: "To'lov usullari",
    methods: { payme: 'Payme', click: 'Click', table: 'Stolda' } as Record<string, string>,
    day: 'Kun',
    method: 'Usul',
    amount: 'Summa',
    ordersCount: (n: number) => `${n} ta buyurtma`,
    takingsChartLabel: (days: number, paid: string, unpaid: string) =>
      `${days} kunlik tushum grafigi: to'langan ${paid}, to'lanmagan ${unpaid}`,
    methodsChartLabel: (parts: string) => `To'lov usullari: ${parts}`,
    // dishes
    topDishes: "Eng ko'p sotilgan taomlar",
    bottomDishes: 'Eng kam sotilgan taomlar',
    byCount: "Soni bo'yicha",
    byRevenue: "Tushum bo'yicha",
    sortDishes: 'Saralash',
    dish: 'Taom',
    quantity: 'Soni',
    neverOrdered: 'Hech kim buyurtma qilmagan taomlar',
    neverOrderedNone: 'Menyudagi har bir taom kamida bir marta buyurtma qilingan',
    inactiveDish: 'nofaol',
    choices: 'Tanlangan variantlar',
    option: 'Opsiya',
    row: 'Variant',
    stops: 'Stop-listga tushgan taomlar',
    stopsCount: 'Necha marta',
    stopsNone: 'Bu davrda hech bir taom stop-listga tushmadi',
    dishesChartLabel: (what: string, list: string) => `${what}: ${list}`,
    // times
    heatTitle: "Hafta kunlari va soatlar bo'yicha buyurtmalar",
    heatLabel: (busiest: string, orders: number) =>
      orders > 0 ? `Eng band vaqt: ${busiest}, ${orders} ta buyurtma` : "Buyurtma yo'q",
    weekdays: [
      'Dushanba',
      'Seshanba',
      'Chorshanba',
      'Payshanba',
      'Juma',
      'Shanba',
      'Yakshanba',
    ] as readonly string[],
    weekdaysShort: ['Du', 'Se', 'Ch', 'Pa', 'Ju', 'Sh', 'Ya'] as readonly string[],
    hour: 'Soat',
    /** "14:00" */
    hourLabel: (h: number) => `${String(h).padStart(2, '0')}:00`,
    weekday: 'Hafta kuni',
    acceptTime: 'Qabul qilish vaqti',
    readyTime: 'Tayyorlash vaqti',
    median: 'Mediana',
    p90: '90-persentil',
    timesByDay: "Kunlar bo'yicha vaqtlar",
    timesChartLabel: (what: string, median: string, p90: string) =>
      `${what}: mediana ${median}, 90-persentil ${p90}`,
    /** Seconds as the staff read them: "45 s", "4 daq 30 s", "1 soat 5 daq". */
    duration: (seconds: number | null) => {
      if (seconds === null) return '—';
      if (seconds < 60) return `${seconds} s`;
      const m = Math.floor(seconds / 60);
      if (m < 60) return seconds % 60 ? `${m} daq ${seconds % 60} s` : `${m} daq`;
      return m % 60 ? `${Math.floor(m / 60)} soat ${m % 60} daq` : `${Math.floor(m / 60)} soat`;
    },
    noTimes: "Qabul qilingan buyurtma yo'q",
    // guests
    views: "Menyuni ko'rishlar",
    conversion: 'Buyurtmaga aylanish',
    tablesOrdered: (ordered: number, viewed: number) => `Buyurtma bergan joylar: ${ordered} / ${viewed}`,
    byPlacement: "Joylar bo'yicha",
    byLanguage: "Tillar bo'yicha",
    placement: 'Joy',
    language: 'Til',
    funnelChartLabel: (views: number, orders: number) => `${views} ta ko'rish, ${orders} ta buyurtma`,
    // rejected orders
    rejectedTitle: 'Rad etilgan buyurtmalar',
    rejectedShare: (share: number) => `Barcha buyurtmalarning ${share} %`,
    reasons: 'Sabablar',
    reason: 'Sabab',
    noReason: 'Sababsiz',
    rejectedNone: "Bu davrda rad etilgan buyurtma yo'q",
    // exports
    exportCsv: 'CSV',
    exportXlsx: 'Excel (XLSX)',
    exportLabel: (section: string, format: string) => `${section}: ${format} yuklab olish`,
    exportError: "Faylni yuklab bo'lmadi",
    // the admin's side by side
    allRestaurants: 'Barcha restoranlar',
    compare: 'Restoranlarni solishtirish',
    compareHint: "Solishtirish uchun restoranlarni belgilang (hech biri belgilanmasa, hammasi ko'rsatiladi)",
    restaurant: 'Restoran',
    chooseRestaurant: 'Restoranni tanlang',
    openRestaurant: (name: string) => `${name}: hisobot`,
    compareChartLabel: (list: string) => `Restoranlar tushumi: ${list}`,
    // the files' sheets and columns
    files: {
      takings: 'Tushum',
      methods: "To'lov usullari",
      dishes: 'Taomlar',
      neverOrdered: 'Buyurtma qilinmagan',
      choices: 'Variantlar',
      stops: 'Stop-list',
      heat: 'Soatlar',
      times: 'Vaqtlar',
      placements: 'Joylar',
      languages: 'Tillar',
      reasons: 'Sabablar',
      restaurants: 'Restoranlar',
      som: (what: string) => `${what} (so'm)`,
      seconds: (what: string) => `${what} (soniya)`,
      previous: (what: string) => `${what}, oldingi davr`,
      period: 'Davr',
      previousPeriod: 'Oldingi davr',
      total: 'Jami',
      count: 'Soni',
      noPlacement: 'QR kod',
    },
  },

  // ---------- the modules' releases (the admin's Modullar page, docs/RELEASES.md) ----------
  releases: {
    title: 'Modullar',
    intro:
      "Har bir modulning barqaror versiyasi va sinov versiyasi. Sinov versiyasini foydalanuvchilarning bir qismi oladi; har bir foydalanuvchi har safar bir xil versiyani ko'radi.",
    module: 'Modul',
    stable: 'Barqaror versiya',
    canary: 'Sinov versiyasi',
    previous: 'Oldingi versiya',
    noCanary: "Sinov versiyasi yo'q",
    notDeployed: 'Joylashtirilmagan',
    version: 'Versiya',
    address: 'Manzil',
    share: 'Ulush',
    sharePercent: (n: number) => `${n}%`,
    loads: 'Yuklashlar',
    failures: 'Xatolar',
    failureSummary: (failures: number, loads: number) => `${loads} ta yuklashdan ${failures} tasi xato`,
    failureNames: 'Xato turlari',
    /** A release's first reported error: its name and message, as the browser gave them. */
    firstError: (name: string, message: string) => `Birinchi xato: ${name}${message ? `: ${message}` : ''}`,
    promote: 'Hammaga chiqarish',
    promoteQuestion: (module: string, version: string) =>
      `${module} modulining ${version} versiyasi hammaga chiqarilsinmi?`,
    promoted: 'Sinov versiyasi hammaga chiqarildi',
    rollback: 'Orqaga qaytarish',
    rollbackCanaryQuestion: (module: string, version: string) =>
      `${module} modulining ${version} sinov versiyasi o'chirilsinmi? Hamma barqaror versiyaga qaytadi.`,
    rollbackStableQuestion: (module: string, version: string) =>
      `${module} moduli oldingi ${version} versiyasiga qaytarilsinmi?`,
    rolledBack: 'Orqaga qaytarildi',
    changeError: "O'zgartirib bo'lmadi",
    setShare: "Ulushni o'zgartirish",
    shareLabel: (module: string) => `${module}: sinov versiyasi ulushi (%)`,
    shareSaved: "Ulush o'zgartirildi",
    stopped: (version: string, failures: number, loads: number) =>
      `${version} sinov versiyasi o'z-o'zidan o'chirildi: ${loads} ta yuklashdan ${failures} tasi xato.`,
    threshold: (percent: number, minLoads: number) =>
      `Sinov versiyasi kamida ${minLoads} ta yuklashda xatolar ${percent}% ga yetsa o'z-o'zidan o'chiriladi.`,
    deployKey: 'Joylashtirish kaliti',
    noDeployKey: "Kalit yo'q",
    keyCreatedAt: (date: string) => `Kalit yaratilgan: ${date}`,
    createKey: 'Kalit yaratish',
    rotateKey: 'Yangi kalit',
    rotateQuestion: (module: string) =>
      `${module} moduli uchun yangi kalit yaratilsinmi? Eski kalit darhol ishlamay qoladi.`,
    keyTitle: (module: string) => `${module}: joylashtirish kaliti`,
    keyOnce:
      "Bu kalit faqat hozir ko'rsatiladi. Uni jamoangizning joylashtirish tizimiga QRMENU_DEPLOY_KEY sifatida saqlang.",
    keyError: "Kalit yaratib bo'lmadi",
    loadError: "Modullarni yuklab bo'lmadi",
    // where releases may come from (the allowed origins: CDNs), managed here
    origins: 'Ruxsat etilgan manbalar',
    originsIntro:
      "Modul versiyalari faqat shu manbalardan ro'yxatdan o'tkaziladi va yuklanadi. O'zgarish barcha serverlarda darhol kuchga kiradi.",
    origin: 'Manba',
    originAddedBy: "Qo'shgan",
    originAddedAt: 'Sana',
    originFromEnvironment: 'Server sozlamasi',
    originLabel: 'Yangi manba (masalan, https://cdn.example.uz)',
    addOrigin: "Manba qo'shish",
    originAdded: "Manba qo'shildi",
    originInvalid: "Manba https://manzil yoki https://manzil:port ko'rinishida bo'lsin",
    originExists: "Bu manba ro'yxatda bor",
    originError: "Manbani saqlab bo'lmadi",
    removeOrigin: (origin: string) => `${origin} manbasini o'chirish`,
    removeOriginQuestion: (origin: string) =>
      `${origin} manbasi o'chirilsinmi? Undan yangi versiyalarni ro'yxatdan o'tkazib bo'lmaydi.`,
    originRemoved: "Manba o'chirildi",
    originInUse: 'Bu manbadagi versiya hozir ishlatilmoqda: avval boshqa versiyani chiqaring',
    noOrigins: "Manbalar yo'q: versiyalarni faqat shu serverning o'zidan ro'yxatdan o'tkazish mumkin.",
  },
  // ---------- orders from the table: the staff's board (mfe-orders, docs/ORDERS.md) ----------
  orders: {
    title: 'Buyurtmalar',
    /** The document's title while orders wait to be accepted: "(3) Buyurtmalar". */
    titleWithNew: (n: number) => `(${n}) Buyurtmalar`,
    /** The bottom bar's badge, for screen readers. */
    newCount: (n: number) => `${n} ta yangi buyurtma`,
    /** The board's three screens. */
    nav: "Buyurtmalar bo'limlari",
    live: 'Jonli',
    history: 'Tarix',
    settings: 'Sozlamalar',
    // an order's state as the staff read it (the guest reads its own words)
    status: {
      sent: 'Yangi',
      accepted: 'Qabul qilingan',
      ready: 'Tayyor',
      served: 'Berilgan',
      rejected: 'Rad etilgan',
    } as Record<string, string>,
    // the moves along the order's life, word for word
    accept: 'Qabul qilish',
    reject: 'Rad etish',
    markReady: 'Tayyor',
    markServed: 'Berildi',
    number: (n: number) => `#${n}`,
    /** An order card's name: "#14, Stol 5". */
    cardName: (n: number, table: string) => `#${n}, ${table}`,
    comment: 'Izoh',
    rejectedBecause: (reason: string) => `Sabab: ${reason}`,
    quantity: (n: number) => `${n} ×`,
    justNow: 'Hozirgina',
    minutesAgo: (m: number) => `${m} daqiqa oldin`,
    hoursAgo: (h: number, m: number) => (m > 0 ? `${h} soat ${m} daqiqa oldin` : `${h} soat oldin`),
    empty: "Hozircha yangi buyurtma yo'q",
    columnEmpty: "Bo'sh",
    loadError: "Buyurtmalarni yuklab bo'lmadi",
    moveError: "Buyurtma holatini o'zgartirib bo'lmadi. Avvalgi holat qaytarildi.",
    /** 409: another phone moved it first; the board now shows its real state. */
    moveConflict: "Buyurtma allaqachon boshqa holatda. Ro'yxat yangilandi.",
    // the reject dialog
    rejectTitle: (n: number) => `#${n} buyurtmani rad etish`,
    rejectReason: "Sabab (mehmon uni ko'radi)",
    rejectReasonRequired: 'Sababni yozing',
    rejectReasons: ['Mahsulot tugab qoldi', 'Oshxona hozir band', 'Restoran yopilmoqda'] as readonly string[],
    // the live connection and the sound
    connected: 'Jonli ulangan',
    reconnecting: 'Aloqa uzildi, qayta ulanmoqda...',
    soundOn: 'Ovozni yoqish',
    soundHint: 'Yangi buyurtma va chaqiruvda qisqa ovoz chiqadi',
    // the table calls (what the guest pressed)
    calls: 'Chaqiruvlar',
    callKinds: { waiter: 'Ofitsiantni chaqirish', bill: "Hisobni so'rash" } as Record<string, string>,
    callDone: 'Bajarildi',
    callDoneOf: (kind: string, table: string) => `Bajarildi: ${table}, ${kind}`,
    callDoneError: "Chaqiruvni yopib bo'lmadi. U ro'yxatga qaytarildi.",
    // today's orders and the history
    today: 'Bugungi buyurtmalar',
    finishedToday: (n: number) => `Bugun yakunlangan: ${n} ta`,
    ordersCount: (n: number) => `${n} ta buyurtma`,
    servedCount: (n: number) => `Berilgan: ${n}`,
    rejectedCount: (n: number) => `Rad etilgan: ${n}`,
    activeCount: (n: number) => `Jarayonda: ${n}`,
    revenue: 'Tushum (berilganlar)',
    day: 'Kun',
    pickDay: 'Kunni tanlang',
    days: "Kunlar bo'yicha",
    daysCaption: "Kunlar bo'yicha buyurtmalar va tushum",
    noDays: "Hali buyurtma bo'lmagan",
    dayEmpty: "Bu kunda buyurtma bo'lmagan",
    daysLoadError: "Kunlar ro'yxatini yuklab bo'lmadi",
    csv: 'CSV yuklab olish',
    csvError: "CSV yuklab bo'lmadi",
    table: 'Stol',
    items: 'Taomlar',
    time: 'Vaqt',
    /** The admin's restaurant detail: today's orders at a glance, and the way to its board. */
    openBoard: 'Buyurtmalarni ochish',
    todayNone: "Bugun hali buyurtma yo'q",
    // the switches that open and close ordering
    settingsTitle: 'Buyurtma qabul qilish',
    restaurantSwitch: 'Restoran buyurtma qabul qiladi',
    restaurantOnHint:
      "Yoqilgan joylarning QR kodini ochgan mehmon taomlarni savatga qo'shib, «Buyurtma berish» tugmasini bosadi; buyurtma shu yerda paydo bo'ladi.",
    restaurantOffHint:
      "O'chirilgan: mehmonlar menyuni avvalgidek ko'radi, savat va buyurtma tugmasi ko'rinmaydi.",
    /** The guest's button, named in the explanations. */
    placeOrder: 'Buyurtma berish',
    placementsTitle: "Joylar bo'yicha",
    placementsHint:
      "Buyurtma faqat yoqilgan joyning kodidan qabul qilinadi (masalan, stollar). O'chirilgan joy (masalan, Instagram havolasi) menyuni savatsiz ko'rsatadi.",
    placementsWhileOff: "Restoran buyurtma qabul qilmayapti: joylar yoqilgan bo'lsa ham buyurtma berilmaydi.",
    allOn: 'Hammasini yoqish',
    allOff: "Hammasini o'chirish",
    noPlacements:
      "Hali joy qo'shilmagan. Buyurtma stolning o'z QR kodidan beriladi: avval «QR kod» oynasidagi «Joylashuvlar» bo'limida stollarni qo'shing.",
    saveError: "Sozlamani saqlab bo'lmadi. Avvalgi holat qaytarildi.",
    settingsLoadError: "Sozlamalarni yuklab bo'lmadi",
    /** The order's message in the restaurant's Telegram chat that never went (docs/TELEGRAM.md). */
    telegram: {
      unsent: 'Telegramga yuborilmadi',
      reason: (reason: string) => `Sabab: ${reason}`,
    },
    // ---------- into the POS (docs/ORDERS.md, "Into the POS") ----------
    pos: {
      /** The order card's line: where it is on its way into the POS. */
      states: {
        waiting: 'Kassaga yuborish navbatida',
        sending: 'Kassaga yuborilmoqda',
        pending: 'Kassa javobini kutmoqda',
        accepted: 'Kassa qabul qildi',
        refused: 'Kassa rad etdi',
        failed: 'Kassaga yuborilmadi',
        cancelled: 'Kassaga yuborilmadi: buyurtma rad etilgan',
      } as Record<string, string>,
      reason: (reason: string) => `Sabab: ${reason}`,
      refusedLine: (name: string, reason: string) => `${name}: ${reason}`,
      retry: 'Qayta yuborish',
      retryOf: (n: number) => `#${n} buyurtmani kassaga qayta yuborish`,
      retryError: "Kassaga qayta yuborib bo'lmadi",
      retried: "Kassaga qayta yuborish navbatiga qo'yildi",
      nextTry: (time: string) => `Keyingi urinish: ${time}`,
      attempts: (n: number) => `Urinishlar: ${n}`,
      posNumber: (n: string) => `Kassadagi raqami: ${n}`,
      /** The POS's price is the price: staff see when it differs from the menu's. */
      priceDiffers: (pos: string, ours: string) => `Kassadagi summa boshqa: ${pos} (menyuda ${ours})`,
      // the reasons written by the sender (a refusal keeps the POS's own words)
      reasons: {
        down: 'Kassa javob bermayapti',
        credentials: "Kassa ulanish kaliti eskirgan yoki noto'g'ri: administrator ulanishni yangilashi kerak",
        notConnected: 'Restoran kassaga ulanmagan',
        noTerminalGroup: 'Kassa terminali guruhi tanlanmagan',
        noProduct: "Taom kassada yo'q (menyu sinxronlanmagan)",
        /** Poster takes an online order only with a valid phone: the restaurant's own. */
        posterPhone:
          "Poster buyurtmani telefon raqamisiz olmaydi: restoran kartasidagi «Telefon raqami»ni +998 XX XXX XX XX ko'rinishida kiriting",
      },
      // the orders' settings
      settingsTitle: 'Kassaga yuborish',
      sendLegend: 'Buyurtma kassaga qachon yuborilsin',
      send: {
        off: 'Yuborilmasin',
        accepted: 'Xodim qabul qilganda',
        at_once: 'Mehmon yuborishi bilan darhol',
      } as Record<string, string>,
      sendHint:
        "Buyurtma kassaga stolning buyurtmasi bo'lib tushadi (chek va oshxona kassadan chiqadi). Stollarni «QR kod» oynasidagi «Joylashuvlar» bo'limida kassadagi stollarga bog'lang.",
      saved: 'Saqlandi',
      // the placements dialog: each placement's table in the POS
      tablesTitle: 'Kassadagi stollar',
      tablesHint: "Har bir joyni kassadagi stolga bog'lang: buyurtma o'sha stolga tushadi.",
      terminalGroup: 'Kassa terminallari guruhi',
      chooseTerminalGroup: 'Guruhni tanlang',
      tableOf: (name: string) => `${name}: kassadagi stol`,
      noTable: "Bog'lanmagan (stol nomi izohga yoziladi)",
      tablesLoadError: "Kassadagi stollarni yuklab bo'lmadi",
      tableSaved: (name: string) => `${name}: saqlandi`,
      tableSaveError: "Bog'lab bo'lmadi",
    },
  },

  // ---------- the restaurant's staff: waiters and the kitchen (docs/PRODUCT.md) ----------
  staff: {
    title: 'Xodimlar',
    add: "Xodim qo'shish",
    name: 'Ismi',
    role: 'Vazifasi',
    roles: { waiter: 'Ofitsiant', kitchen: 'Oshxona' } as Record<string, string>,
    tables: 'Stollar',
    telegram: 'Telegram',
    pin: 'PIN',
    linked: 'Ulangan',
    notLinked: 'Ulanmagan',
    pinSet: 'Bor',
    pinNone: "Yo'q",
    empty: "Hali xodim yo'q",
    loadError: "Xodimlarni yuklab bo'lmadi",
    created: "Xodim qo'shildi!",
    createError: "Xodim qo'shishda xatolik yuz berdi!",
    updated: 'Xodim yangilandi!',
    editTitle: (login: string) => `${login}: tahrirlash`,
    passwordReset: "Yangi parol o'rnatildi! Xodimning seanslari va qurilmalari yakunlandi.",
    deactivateHint: 'U tizimga kira olmaydi, barcha seanslari va qurilmalari darhol yakunlanadi.',
    deactivated: 'Xodim nofaol qilindi!',
    activated: 'Xodim faollashtirildi!',
    newPin: 'PIN berish',
    pinShown: (login: string, pin: string) =>
      `${login}: yangi PIN ${pin}. Uni xodimga ayting: u faqat hozir ko'rsatiladi.`,
    pinError: "PIN berib bo'lmadi",
    unlinkTelegram: 'Telegramni uzish',
    telegramUnlinked: 'Telegram uzildi',
    staffOf: (restaurant: string) => `Xodimlar: ${restaurant}`,
    // the floor: tables to waiters, in zones
    floorTitle: 'Stollar va zonalar',
    floorHint:
      "Stolni ofitsiantga biriktiring: uning buyurtma va chaqiruvlari o'sha ofitsiantga boradi. Biriktirilmagan stol hammaga ko'rinadi.",
    zone: 'Zona',
    noZone: 'Zonasiz',
    waiter: 'Ofitsiant',
    everyone: 'Hammaga',
    selectTable: (name: string) => `${name}: tanlash`,
    selectZone: (zone: string) => `${zone}: hammasini tanlash`,
    selectedTables: (n: number) => `${n} ta stol tanlandi`,
    assign: 'Biriktirish',
    setZone: "Zonaga qo'shish",
    zoneHint: "Bo'sh qoldirilsa, stollar zonasiz bo'ladi",
    assigned: (n: number) => `${n} ta stol saqlandi`,
    assignError: "Stollarni saqlab bo'lmadi",
    selectTablesFirst: 'Avval stollarni tanlang',
    noTables: "Hali stol yo'q: avval «QR kod» oynasidagi «Joylashuvlar» bo'limida stollarni qo'shing.",
    floorLoadError: "Stollarni yuklab bo'lmadi",
    // devices that stay signed in
    devicesTitle: 'Qurilmalar',
    devicesHint:
      'Doimiy kirib turgan qurilmalar (masalan, oshxona planshetasi): ularda har bir amal xodimning PIN kodi bilan yoziladi.',
    devicesEmpty: "Doimiy kirgan qurilma yo'q",
    devicesLoadError: "Qurilmalarni yuklab bo'lmadi",
    deviceSince: (date: string) => `Kirgan: ${date}`,
    deviceUntil: (date: string) => `Amal qiladi: ${date} gacha`,
    revoke: 'Chiqarish',
    revokeConfirm: (label: string) => `«${label}» qurilmasi chiqarilsinmi?`,
    revokeHint: "Qurilmadagi seans darhol yakunlanadi; unda qayta kirish kerak bo'ladi.",
    revoked: 'Qurilma chiqarildi',
    revokeError: "Qurilmani chiqarib bo'lmadi",
    // the board of a waiter and of the kitchen
    scopeLegend: "Qaysi stollar ko'rinsin",
    scopeMine: 'Mening stollarim',
    scopeAll: 'Barcha stollar',
    takeOver: "O'zimga olish",
    takeOverOf: (what: string) => `${what}: o'zimga olish`,
    takenOver: "O'zingizga olindi",
    takeError: "O'zingizga olib bo'lmadi",
    othersTable: 'Boshqa ofitsiantning stoli',
    notYourTable: "Bu stol sizga biriktirilmagan: avval «O'zimga olish»ni bosing.",
    notYourRole: 'Bu amal sizning vazifangizga kirmaydi.',
    // who did it (the board's cards, the history)
    actions: {
      accepted: 'Qabul qildi',
      rejected: 'Rad etdi',
      ready: 'Tayyorladi',
      served: 'Berdi',
      bill_closed: 'Hisobni yopdi',
      call_done: 'Bajardi',
      taken: "O'ziga oldi",
    } as Record<string, string>,
    actionLine: (what: string, who: string, time: string) => `${what}: ${who}, ${time}`,
    via: { board: '', device: ' (qurilma)', telegram: ' (Telegram)' } as Record<string, string>,
    whoDid: 'Kim bajardi',
    // the kitchen's view
    kitchenTitle: 'Oshxona',
    kitchenCooking: 'Tayyorlanmoqda',
    kitchenReady: 'Olib ketilishini kutmoqda',
    kitchenEmpty: "Tayyorlanadigan buyurtma yo'q",
    // a person on a shared device names themselves by PIN
    pinTitle: 'PIN kodingiz',
    pinLabel: 'PIN',
    pinHint: 'Amal sizning nomingizdan yoziladi',
    pinRequired: 'PIN kiriting',
    pinWrong: "PIN noto'g'ri",
    pinLocked: (minutes: number) => `Juda ko'p noto'g'ri PIN. ${minutes} daqiqadan keyin urinib ko'ring.`,
    pinConfirm: 'Tasdiqlash',
    // signing in as a device
    deviceLogin: 'Bu qurilmada doimiy qolish (oshxona planshetasi)',
    deviceStaffOnly: 'Qurilma sifatida faqat restoran xodimi kira oladi',
    // a staff member's own Telegram (the profile)
    telegramTitle: 'Telegram',
    telegramLinkedHint: 'Telegram ulangan: stollaringizning buyurtmalari va chaqiruvlari botga keladi.',
    telegramNotLinked: 'Telegram ulanmagan',
    linkButton: 'Telegramni ulash',
    linkSteps: (bot: string) =>
      `Telegramda @${bot} botini oching va quyidagi kodni yuboring (yoki «Botni ochish»ni bosing):`,
    linkOpen: 'Botni ochish',
    linkCode: 'Kod',
    linkExpires: (time: string) => `Kod ${time} gacha, bir marta amal qiladi.`,
    noBot: "Restoranda hali Telegram bot yo'q: menedjeringizga ayting.",
    linkError: "Kod olib bo'lmadi",
    unlink: 'Uzish',
    unlinked: 'Telegram uzildi',
  },

  // ---------- the guests' public menu page (/m/<slug>, server-rendered) ----------
  guestMenu: {
    title: (restaurant: string) => `${restaurant} — Menyu`,
    description: (restaurant: string, address: string) =>
      `${restaurant} menyusi: taomlar, ichimliklar va narxlar. Manzil: ${address}`,
    address: 'Manzil',
    phone: 'Telefon',
    workTime: 'Ish vaqti',
    currency: "so'm",
    categoriesNav: 'Menyu kategoriyalari',
    /** The label of the guests' language switch (O'zbekcha / Русский / English). */
    languageNav: 'Til',
    logoAlt: (restaurant: string) => `${restaurant} logotipi`,
    pictureAlt: (restaurant: string) => `${restaurant} rasmi`,
    emptyMenu: "Menyu hozircha bo'sh",
    notFoundTitle: 'Sahifa topilmadi',
    notFoundText: 'Bu restoran menyusi topilmadi',
    notFoundHint: "QR-kodni qayta skanerlang yoki restoran xodimlaridan so'rang.",
    /**
     * The cart and the order's page (the guests' script and the order page; docs/ORDERS.md).
     * Plain strings: the script is built with them, `{name}`-style holes filled where shown.
     */
    cart: {
      add: "Qo'shish",
      addLabel: "Savatga qo'shish: {name}",
      addToCart: "Savatga qo'shish",
      noChoice: 'Kerak emas',
      /** An option's rule on the sheet (docs/PRODUCT.md, "Options and their rules"). */
      ruleExactly: '{n} tasini tanlang',
      ruleUpTo: '{n} tagacha',
      ruleRange: '{min} tadan {max} tagacha',
      /** A row's free portions. */
      free: '{n} tasi bepul',
      tooMany: "Bir buyurtmada ko'pi bilan {max} xil taom bo'ladi",
      quantity: 'Soni',
      more: "Ko'paytirish",
      less: 'Kamaytirish',
      remove: "O'chirish",
      cart: 'Savat',
      bar: 'Savat: {count} ta, {total}',
      empty: "Savat bo'sh",
      comment: 'Izoh (ixtiyoriy)',
      total: 'Jami',
      send: 'Buyurtma berish',
      sending: 'Yuborilmoqda…',
      close: 'Yopish',
      unavailable: 'Hozir mavjud emas',
      optionMissing: "Tanlangan variant endi yo'q",
      /** The server refused the line for a rule of its options changed since the page was read. */
      optionRule: "Tanlov shartlari o'zgardi: taomni qaytadan qo'shing",
      priceChanged: "Narx o'zgardi: {price}",
      acceptPrice: 'Yangi narxga roziman',
      refused: "Belgilangan taomlarni o'zgartiring va qayta yuboring.",
      /**
       * The cart changed after an attempt whose answer was lost, and that attempt did make an
       * order (the server refused its key with the new cart): the guest is told, then what is left.
       */
      arrived: "Oldingi buyurtmangiz yetib borgan ekan: unda savat o'zgarishidan oldingi taomlar bor.",
      arrivedRest: 'Savatda unga kirmagan taomlar qoldi: tekshirib, qayta yuboring.',
      arrivedCheck: 'Savatni tekshirib, qayta yuboring.',
      rateLimited: "Juda ko'p urinish. Birozdan so'ng qayta urinib ko'ring.",
      offline: "Internet aloqasi yo'q. Savat saqlandi: qayta urinib ko'ring.",
      failed: "Buyurtma yuborilmadi. Qayta urinib ko'ring.",
      closed: 'Bu stol hozir buyurtma qabul qilmaydi.',
      callWaiter: 'Ofitsiantni chaqirish',
      askBill: "Hisobni so'rash",
      waiterCalled: 'Ofitsiant chaqirildi',
      billAsked: "Hisob so'raldi",
      myOrders: 'Buyurtmalarim',
      order: 'Buyurtma #{number}',
      status: 'Holati',
      statuses: {
        sent: 'Yuborildi',
        accepted: 'Qabul qilindi',
        ready: 'Tayyor',
        served: 'Berildi',
        rejected: 'Rad etildi',
      },
      reason: 'Sabab: {reason}',
      commentShown: 'Izoh',
      backToMenu: 'Menyuga qaytish',
      refresh: 'Holatni yangilash',
      reconnecting: 'Aloqa uzildi, qayta ulanmoqda…',
      orderMissing: 'Buyurtma topilmadi',
      /** The table's bill on the order's page (docs/PAYMENTS.md). */
      bill: 'Hisob',
      billOrders: 'Buyurtmalar: {numbers}',
      /** An order the POS took at its own price: the bill counts the POS's. */
      billPosAmount: '#{number}: kassadagi summa {pos} (menyuda {menu})',
      pay: "To'lash",
      payWith: "{method} orqali to'lash",
      paid: "To'landi: {sum}, {method}",
      refunded: "To'lov bekor qilindi. Hisob to'lanmagan",
      payFailed: "To'lovni boshlab bo'lmadi. Qayta urinib ko'ring.",
      /** The order's way into the kitchen's till, in a guest's words. */
      pos: {
        sending: 'Oshxonaga uzatilmoqda',
        accepted: 'Oshxonaga uzatildi',
        refused: 'Mavjud emas: {names}',
      },
    },
  },

  // ---------- the first day of a new user: true messages, no dead ends ----------
  /** "Matn juda uzun" with the limit, so the user knows how much to cut. */
  tooLongMax: (max: number) => `Matn juda uzun: ko'pi bilan ${max} ta belgi`,
  /** So'm has no smaller unit in use: a price is a whole number. */
  wholeSom: "Narx butun so'mda bo'lishi kerak (masalan, 12000)",
  priceHint: "Butun so'mda, masalan 25000",
  tooBigNumber: 'Qiymat juda katta',
  /** The role as the profile shows it. */
  roleNames: {
    admin: 'Administrator',
    manager: 'Menedjer',
    waiter: 'Ofitsiant',
    kitchen: 'Oshxona',
  } as Record<string, string>,
  /** The phone's product card: the less used actions under one button. */
  moreActions: 'Boshqa amallar',
  moreActionsOf: (name: string) => `${name}: boshqa amallar`,
  hasNoImage: "Rasm yo'q",
  /** A dialog with typed changes, closed by Back or Esc. */
  discardChanges: "Kiritilgan ma'lumotlar saqlanmagan. Oynani yopib, ularni bekor qilasizmi?",
  /** The slug field's one line: what it is. */
  slugHint: (example: string) => `Mehmonlar menyusining manzili: ${example}`,
  /** Creating a restaurant when every manager already has one. */
  noFreeManager:
    "Bo'sh menedjer yo'q: har bir menedjerga restoran biriktirilgan. Avval yangi menedjer qo'shing.",
  goCreateManager: "Menedjer qo'shishga o'tish",
  backToRestaurantForm: "Restoran qo'shishga qaytish",
  /** The integration with no feed configured on the server. */
  integrationNotConfigured:
    "Integratsiya manbasi sozlanmagan: serverda INTEGRATION_FEED_URL ko'rsatilmagan. Uni serverni o'rnatgan administrator sozlaydi.",
  // ---------- the restaurant's Telegram bot (docs/TELEGRAM.md) ----------
  /** Paying the table's bill from the phone (docs/PAYMENTS.md). */
  payments: {
    pay: "To'lash",
    bill: 'Hisob',
    /** The bill's orders on the guest's page: "Buyurtma #14". */
    billOrder: (n: number) => `Buyurtma #${n}`,
    billTotal: (sum: string) => `Jami: ${sum}`,
    payWith: (method: string) => `${method} orqali to'lash`,
    paid: "To'landi",
    /** The board's and the chat's line under a paid order. */
    paidLine: (sum: string, method: string, time: string) => `To'landi: ${sum}, ${method}, ${time}`,
    refundedLine: (sum: string, method: string, time: string) =>
      `To'lov bekor qilindi: ${sum}, ${method}, ${time}. Hisob to'lanmagan`,
    /** The message the chat gets when a payment is cancelled after it was made. */
    refundedAlert: (table: string, sum: string, method: string) =>
      `⚠️ ${table}: ${method} to'lovi (${sum}) bekor qilindi. Hisob to'lanmagan`,
    methods: { payme: 'Payme', click: 'Click' } as Record<string, string>,
    closeTable: 'Hisob yopildi',
    /**
     * Closing a table an unfinished payment holds (docs/PAYMENTS.md, "A hold that ends"): why it
     * waits, and the admin's release with a reason.
     */
    hold: {
      closed: (table: string) => `${table}: hisob yopildi`,
      closeError: "Hisobni yopib bo'lmadi. Qayta urinib ko'ring",
      held: (table: string) =>
        `${table}: hisobni hozir yopib bo'lmaydi. Mehmon to'lovni boshlagan, lekin tugatmagan. Tugallanmagan to'lov o'zi bekor bo'ladi: Click 30 daqiqada, Payme 12 soatda`,
      askAdmin: "Kutmasdan yopish uchun administrator to'lovni bekor qilishi mumkin",
      release: "To'lovni bekor qilish",
      releaseTitle: (table: string) => `${table}: to'lovni bekor qilish`,
      releaseHint: "Mehmonning tugallanmagan to'lovi bekor qilinadi, keyin hisob yopiladi. Sabab saqlanadi",
      reason: 'Sabab',
      reasonRequired: 'Sababni yozing',
      reasons: ["Mehmon ketdi, to'lov tugallanmadi", "Kassada to'landi"],
      released: (table: string) => `${table}: to'lov bekor qilindi, hisob yopildi`,
      releaseError: "To'lovni bekor qilib bo'lmadi. Qayta urinib ko'ring",
    },
    nothingToPay: "To'lanadigan hisob yo'q",
    failed: "To'lovni boshlab bo'lmadi. Keyinroq urinib ko'ring",
    settingsTitle: "To'lov tizimlari",
    paymeMerchantId: 'Payme kassa ID',
    paymeKey: 'Payme kaliti',
    clickServiceId: 'Click service ID',
    clickMerchantId: 'Click merchant ID',
    clickSecret: 'Click maxfiy kaliti',
    secretHint: 'Saqlangan kalit yashirilgan. Almashtirish uchun yangisini yozing.',
    on: 'Ulangan',
    off: "O'chirilgan",
    saved: "To'lov sozlamalari saqlandi",
    saveError: "To'lov sozlamalarini saqlab bo'lmadi",
    /** The payment on its way into the POS as an external payment (docs/PAYMENTS.md). */
    pos: {
      states: {
        waiting: "Kassaga to'lov yuborilmoqda",
        pending: "Kassaga to'lov yuborilmoqda",
        recorded: "Kassada to'landi",
        failed: 'Kassaga yuborilmadi',
        refused: 'Kassaga yuborilmadi',
        cancelled: 'Kassaga yuborilmadi',
      } as Record<string, string>,
      cancelledReason: "to'lov bekor qilindi",
      reason: (reason: string) => `Sabab: ${reason}`,
      /** The chat's message when the payment cannot reach the POS by itself. */
      failedAlert: (table: string, sum: string, method: string, reason: string) =>
        `⚠️ ${table}: ${method} to'lovi (${sum}) kassaga yuborilmadi. Sabab: ${reason}. Kassada qo'lda yopish kerak`,
      /** A payment the POS got, cancelled here: the POS keeps it until the staff cancel it there. */
      refundAlert: (table: string, sum: string, method: string) =>
        `⚠️ ${table}: ${method} to'lovi (${sum}) bekor qilindi, lekin kassada to'langan. Kassadagi to'lovni qo'lda bekor qiling`,
      noChannel: "Kassa tashqi to'lovni qabul qilmaydi",
    },
    /** The daily statement (docs/PAYMENTS.md, "Reconciliation"). */
    statements: {
      title: 'Kunlik hisobot',
      hint: "Har kecha kechagi kun uchun tuziladi: bizdagi to'lovlar va ularning farqlari.",
      empty: "Hali hisobot yo'q",
      loadError: "Hisobotni yuklab bo'lmadi",
      day: 'Kun',
      method: "To'lov tizimi",
      count: 'Soni',
      total: 'Jami',
      refunds: 'Qaytarilgan',
      differences: 'Farqlar',
      differenceCount: (n: number) => (n > 0 ? `${n} ta farq` : "Farq yo'q"),
      open: (day: string, method: string) => `${day}, ${method}: farqlarni ko'rish`,
      close: 'Yopish',
      rebuild: 'Hisobotni yangilash',
      rebuildDay: 'Hisobot kuni',
      rebuilt: 'Hisobot yangilandi',
      rebuildError: "Hisobotni yangilab bo'lmadi",
      noDifferences: "Bu kunda farq yo'q",
      transaction: 'Tranzaksiya',
      problem: 'Muammo',
      ours: 'Bizda',
      theirs: "To'lov tizimida",
      bill: 'Hisob',
      problems: {
        missing_here: "Faqat to'lov tizimida bor",
        missing_there: "To'lov tizimida yo'q",
        amount: 'Summa farq qiladi',
        state: 'Holat farq qiladi',
        bill_not_paid: "To'lov o'tgan, lekin hisob to'lanmagan",
        bill_amount: "To'lov summasi hisobnikidan farq qiladi",
        no_transaction: "Hisob to'langan, lekin to'lov yo'q",
        timed_out: "To'lov 12 soatdan beri yakunlanmagan",
        pos_not_received: "Kassa to'lovni olmagan",
      } as Record<string, string>,
      states: { '1': 'yaratilgan', '2': "o'tgan", '-1': 'bekor qilingan', '-2': 'qaytarilgan' } as Record<
        string,
        string
      >,
      amountState: (sum: string, state: string) => `${sum}, ${state}`,
      posStuck: 'kassaga bir soatdan beri yetib bormadi',
      provider: "To'lov tizimining ro'yxati",
      providerAdded: (n: number, at: string) => `Qo'shilgan: ${n} ta tranzaksiya, ${at}`,
      providerNone: "To'lov tizimining ro'yxati hali qo'shilmagan",
      upload: "Ro'yxatni yuklash",
      uploadHint:
        "JSON (Payme GetStatement javobi yoki [{ id, amount, state }] ro'yxati) yoki CSV: birinchi qator id,amount,state. Summa tiyinda (1 so'm = 100 tiyin), holatlar Payme shkalasida: 2 o'tgan, -2 qaytarilgan, 1 yaratilgan, -1 bekor qilingan. GetStatement javobidan faqat shu kunning tranzaksiyalari olinadi.",
      uploaded: "Ro'yxat qo'shildi va solishtirildi",
      /** A GetStatement answer's entries of other days, left out of the comparison. */
      otherDays: (n: number) => `Boshqa kunlarning ${n} ta tranzaksiyasi hisobga olinmadi`,
      uploadError: "Ro'yxatni qo'shib bo'lmadi",
      fileErrors: {
        empty: "Fayl bo'sh",
        not_json: "JSON fayl o'qilmadi: ro'yxat yoki Payme GetStatement javobi kerak",
        csv_header: "CSV faylning birinchi qatori id,amount,state bo'lishi kerak",
        bad_entry: "Tranzaksiya noto'g'ri: id, butun summa (tiyin) va holat kerak",
        too_many: "Ro'yxatda 10 000 dan ortiq tranzaksiya bor",
      } as Record<string, string>,
      fileErrorAt: (text: string, line: number) => `${text} (${line}-qator)`,
      /** The chat's message when a day's statement shows differences (once per day and method). */
      alert: (day: string, method: string, n: number) =>
        `⚠️ Kunlik hisobot, ${day}, ${method}: ${n} ta farq topildi. Administrator tekshirsin`,
    },
  },
  telegram: {
    /** The bot's menu button: opens the restaurant's menu as a Mini App. */
    menuButton: 'Menyu',
    /** `/orders` from a guest with no open order made from the Mini App. */
    guestNoOrders: "Ochiq buyurtmalaringiz yo'q. Menyuni «Menyu» tugmasi orqali oching.",
    /** The QR sheet's second address: the table in the restaurant's Telegram bot. */
    qrTelegram: 'Telegramda ochish',
    /** The form's line under the bot's fields once they are checked. */
    connected: (bot: string, chat: string | null) => (chat ? `Bot @${bot} → ${chat}` : `Bot @${bot}`),
    notConnected: 'Telegram bot ulanmagan',
    /** No public address for Telegram to call: orders are posted, buttons and commands do not work. */
    noWebhook: 'Tugmalar va buyruqlar ishlamaydi: server manzili sozlanmagan',
    tokenHint: 'Saqlangan token yashirilgan. Almashtirish uchun yangisini yozing.',
    testButton: 'Sinov xabari',
    testSent: 'Sinov xabari yuborildi',
    testFailed: 'Sinov xabari yuborilmadi',
    testText: 'Sinov xabari: buyurtmalar va chaqiruvlar shu chatga keladi.',
    /** Under the bot's fields when Telegram refused them (the API's `telegram: <code>` details). */
    errors: {
      bad_token: "Bot tokeni noto'g'ri",
      chat_not_found: 'Chat topilmadi',
      not_in_chat: "Bot bu chatda yo'q. Uni chatga qo'shing",
      cannot_post: "Botda bu chatga yozish huquqi yo'q",
      unreachable: "Telegram javob bermadi. Keyinroq urinib ko'ring",
      no_key: "Tokenni saqlab bo'lmaydi: shifrlash kaliti sozlanmagan",
      no_token: 'Avval bot tokenini kiriting',
      /** A chat with a @name: anyone may read it (docs/TELEGRAM.md, "Setting up a bot"). */
      public_chat:
        "Ochiq chatga buyurtmalar yuborilmaydi: ularni hamma ko'radi. Yopiq guruh yoki kanalni tanlang va uning raqamini kiriting",
    } as Record<string, string>,
    // what the staff read in the chat
    newOrder: (n: number) => `Yangi buyurtma #${n}`,
    /** The head of each part after the first of an order too long for one Telegram message. */
    orderContinued: (n: number, table: string) => `Buyurtma #${n}, ${table} (davomi)`,
    /** The end of a message's last lines when they did not fit Telegram's limit. */
    shortened: '… qolgani buyurtmalar panelida',
    /** Why a message was never sent (Telegram's own refusals keep Telegram's words). */
    unsent: {
      noChat: "Restoranning Telegram boti yoki chati yo'q",
      chatChanged: 'Telegram chati almashtirildi',
      gone: "Buyurtma yoki chaqiruv o'chirilgan",
      /** Rejected (on the board, by spam control...) before its message's turn came: not posted. */
      rejected: 'Navbati kelguncha rad etildi',
      /** Folded into the backlog's one message (`backlog` below): its number is there. */
      folded: 'Chat navbati uzun edi: raqami umumiy xabarda',
    },
    /**
     * When the chat falls behind (Telegram takes 20 messages a minute), the orders waiting before
     * the newest one are folded into this one message (docs/TELEGRAM.md, "Limits and faults").
     */
    backlog: (numbers: readonly number[]) =>
      `${numbers.length} ta buyurtma kutmoqda: ${
        numbers.length > BACKLOG_NUMBERS_SHOWN
          ? `${numbers
              .slice(0, BACKLOG_NUMBERS_SHOWN)
              .map((n) => `#${n}`)
              .join(', ')} …`
          : numbers.map((n) => `#${n}`).join(', ')
      } — buyurtmalar panelida`,
    table: (name: string) => `Stol: ${name}`,
    comment: (text: string) => `Izoh: ${text}`,
    total: (sum: string) => `Jami: ${sum}`,
    status: {
      sent: 'Yangi',
      accepted: 'Qabul qilindi',
      ready: 'Tayyor',
      served: 'Berildi',
      rejected: 'Rad etildi',
    } as Record<string, string>,
    /** The order's way into the POS (the board's words). */
    pos: (state: string) => `Kassa: ${state}`,
    /** Who moved it and when: "Qabul qilindi: Aziz, 14:05". */
    doneBy: (what: string, who: string, time: string) => `${what}: ${who}, ${time}`,
    /** A move made on the board, not in the chat (by nobody recorded: a move from before moves were). */
    board: 'buyurtmalar paneli',
    /** Who made a move on the board: "Aziz (buyurtmalar paneli)". */
    onBoard: (name: string) => `${name} (buyurtmalar paneli)`,
    /** The reason a guest reads when the chat's "Rad etish" rejected the order. */
    rejectReason: 'Restoran buyurtmani qabul qila olmadi',
    accept: 'Qabul qilish',
    reject: 'Rad etish',
    ready: 'Tayyor',
    waiterCall: (table: string) => `Ofitsiant chaqirildi: ${table}`,
    billCall: (table: string) => `Hisob so'raldi: ${table}`,
    callDone: 'Bajarildi',
    /** The press's short answer (the spinner stops with it). */
    pressDone: 'Bajarildi',
    pressLate: "Bu allaqachon o'zgargan",
    pressUnknown: 'Topilmadi',
    /** A press or a command from someone who is neither a linked staff member nor an administrator of the chat. */
    notAllowed:
      "Ruxsat yo'q: buyurtmalar va stop-listni faqat restoran xodimlari va chat administratorlari boshqaradi",
    /** A linked waiter's press on another waiter's table. */
    notYourTable: "Bu stol sizga biriktirilmagan: avval buyurtmalar panelida «O'zimga olish»ni bosing",
    /** A linked staff member's press their role does not make (a waiter's «Tayyor», the kitchen's «Qabul qilish»). */
    notYourRole: 'Bu amal sizning vazifangizga kirmaydi',
    /** The private chat's answer to `/start <code>` (docs/TELEGRAM.md, "A staff member's own chat"). */
    linked: (name: string) =>
      `Telegram ulandi: ${name}. Endi stollaringizning buyurtmalari, chaqiruvlari va hisob so'rovlari shu yerga keladi.`,
    linkRefused: "Kod noto'g'ri, eskirgan yoki ishlatilgan. «Profil» sahifasidan yangi kod oling.",
    linkHowTo:
      'Bu restoran xodimlari uchun bot. Ulanish uchun «Profil» sahifasidagi «Telegramni ulash» tugmasini bosing.',
    // the stop-list commands
    stopped: (name: string) => `Stop-listga qo'shildi: ${name}`,
    resumed: (name: string) => `Stop-listdan olindi: ${name}`,
    notFound: (query: string) => `Topilmadi: ${query}`,
    choose: 'Qaysi biri?',
    stopListTitle: 'Stop-list:',
    stopListEmpty: "Stop-list bo'sh",
    usage: 'Yozing: /stop <taom>, /resume <taom>, /stoplist',
  },
} as const;

export type Texts = typeof t;
export type FieldName = keyof Texts['fields'];

/** Label of an entity field, falling back to the field name itself. */
export function fieldLabel(name: string): string {
  return (t.fields as Record<string, string>)[name] ?? name;
}

/** The parts of a zod 4 issue the Uzbek mapping looks at (structural, so no zod import is needed). */
export interface IssueLike {
  code: string;
  input?: unknown;
  expected?: unknown;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  format?: string;
  path?: ReadonlyArray<PropertyKey>;
}

/**
 * Maps a zod issue to an Uzbek form message: required / blank, invalid number, negative number,
 * too long, slug format. Usable as a zod 4 `error` customizer: `schema.parse(v, { error: uzbekIssue })`.
 */
export function uzbekIssue(issue: IssueLike): string {
  const field = issue.path?.[issue.path.length - 1];
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return t.required;
      if (issue.expected === 'int') return field === 'price' ? t.wholeSom : t.invalidNumber;
      if (issue.expected === 'number') return t.invalidNumber;
      return t.invalidValue;
    case 'too_small':
      if (issue.origin === 'string') {
        if (field === 'password' && Number(issue.minimum) > 1) return t.passwordTooShort;
        return field === 'title' ? t.categoryTitleEmpty : t.required;
      }
      if (issue.origin === 'number') return t.negativeNumber;
      if (issue.origin === 'array') return t.required;
      return t.invalidValue;
    case 'too_big':
      if (issue.origin === 'string') {
        return typeof issue.maximum === 'number' ? t.tooLongMax(issue.maximum) : t.tooLong;
      }
      if (issue.origin === 'number') return t.tooBigNumber;
      return t.invalidValue;
    case 'invalid_format':
      if (field === 'slug' || issue.format === 'regex') return t.invalidSlug;
      return t.invalidValue;
    default:
      return t.invalidValue;
  }
}

// ---------- display helpers ----------

/** "Integratsiya" for an integration restaurant, "Oddiy" for a manual one. */
export function restaurantTypeLabel(type: string | null | undefined): string {
  return !type || type === 'manual' ? t.manual : t.integration;
}

/** "Faol" / "Nofaol". */
export function activeLabel(active: boolean): string {
  return active ? t.active : t.inactive;
}

/** The first `count` words of a text, with "..." when cut (the product table shows 4). */
export function previewWords(text: string | null | undefined, count = 4): string {
  const words = (text ?? '').trim().split(/\s+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(' ')}...` : words.join(' ');
}

/** A price in so'm for display, rounded down: 25000.9 -> "25 000 so'm". */
export function formatSom(price: number | null | undefined): string {
  return `${formatPrice(price)} ${t.currency}`;
}

/**
 * An amount of tiyin as the guest and the staff read it: "123 456,78 so'm" (whole so'm without
 * the fraction), counted on integers only (docs/PAYMENTS.md).
 */
export function formatTiyin(tiyin: number): string {
  const whole = Math.floor(tiyin / 100);
  const frac = tiyin % 100;
  const so = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${so}${frac ? `,${String(frac).padStart(2, '0')}` : ''} ${t.currency}`;
}

/** Apostrophe look-alikes of Uzbek Latin (oʻ, gʻ, o‘, g’, o`), read as one. */
const APOSTROPHES = /[\u2018\u2019\u02BB\u02BC\u0060\u00B4\u2032]/g;

/**
 * A text as a search compares it: lower case, Unicode-normalized, every Uzbek apostrophe form
 * (ʻ ‘ ’ `) as ', spaces collapsed. `searchKey(name).includes(searchKey(query))` finds
 * "Gʻijduvon" by "g'ijd" and "O‘rta" by "o'rta".
 */
export function searchKey(text: string | null | undefined): string {
  return (text ?? '').normalize('NFKC').replace(APOSTROPHES, "'").toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A price for display, rounded down, with spaces between thousands: 25000.9 -> "25 000". */
export function formatPrice(price: number | null | undefined): string {
  if (typeof price !== 'number' || !Number.isFinite(price)) return '0';
  const whole = Math.floor(price);
  const sign = whole < 0 ? '-' : '';
  return sign + String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/**
 * An option's rule in a guest's words, one way for the guest's sheet (api/src/public-menu/cart/
 * sheet.ts, each language's words) and the option dialog's preview (Uzbek): «1 tasini tanlang»,
 * «3 tagacha», «1 tadan 3 tagacha», counted on what the rows can give (`capacity`); an option of
 * one row or none says nothing (its «Kerak emas» says it).
 */
export function ruleInWords(
  rule: { min: number; max: number; capacity: number },
  words: { ruleExactly: string; ruleUpTo: string; ruleRange: string },
): string {
  const max = Math.min(rule.max, rule.capacity);
  const min = Math.min(rule.min, max);
  if (max === 1 && min === 0) return '';
  if (min === max) return words.ruleExactly.replace('{n}', String(min));
  return min === 0
    ? words.ruleUpTo.replace('{n}', String(max))
    : words.ruleRange.replace('{min}', String(min)).replace('{max}', String(max));
}

/**
 * An option's rule in the back office's words: its preset's name when it is one, else how many
 * («3 tagacha», «2 tasini tanlash shart», «1 tadan 3 tagacha»).
 */
export function optionRuleLabel(min: number, max: number): string {
  const r = t.optionRules;
  if (max === 1) return min === 1 ? r.exactlyOne : r.upToOne;
  if (min === 0) return r.upTo(max);
  return min === max ? r.exactly(min) : r.range(min, max);
}

/**
 * An order line's chosen rows as the staff and the guest read them: each option once, with its
 * rows in order, a row taken more than once with its count: "Porsiya: To'liq; Qo'shimchalar:
 * Qazi ×2, Bedana tuxumi". Rows come in their options' order (the cart sends them so).
 */
export function formatOrderRows(
  rows: readonly { option: string; name: string; quantity?: number }[],
): string {
  const parts: string[] = [];
  let option: string | undefined;
  for (const r of rows) {
    const name = (r.quantity ?? 1) > 1 ? `${r.name} ×${r.quantity}` : r.name;
    if (r.option === option) parts[parts.length - 1] += `, ${name}`;
    else parts.push(`${r.option}: ${name}`);
    option = r.option;
  }
  return parts.join('; ');
}
