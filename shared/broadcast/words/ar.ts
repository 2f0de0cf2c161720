// الكلمات الثابتة للطبقات بالعربية، من اليمين إلى اليسار.
import type { Catalogue } from './catalogue'

export const ar: Catalogue = {
  direction: 'rtl',
  round: {
    winners: 'دور الفائزين {round} · المباراة {match}',
    losers: 'دور الخاسرين {round} · المباراة {match}',
    group: 'المجموعة {group} · الجولة {round} · المباراة {match}',
    plain: 'الجولة {round} · المباراة {match}',
    final: 'النهائي',
    grandFinal: 'النهائي الكبير',
    grandFinalReset: 'إعادة النهائي الكبير',
  },
  short: {
    winners: 'WB R{round} M{match}',
    losers: 'LB R{round} M{match}',
    group: 'G{group} R{round} M{match}',
    plain: 'R{round} M{match}',
    final: 'النهائي',
    grandFinal: 'GF',
    grandFinalReset: 'GF2',
  },
  slot: { winnerOf: 'الفائز في {match}', loserOf: 'الخاسر في {match}', toBeDecided: 'يحدد لاحقًا' },
  upNext: { title: 'التالي', nextUp: 'التالي مباشرة', toBeDecided: 'يحدد لاحقًا', onStream: 'على البث {when}' },
  versus: 'ضد',
  scoreboard: { final: 'انتهت' },
  series: {
    short: 'Bo{n}',
    long: {
      zero: 'أفضل من {n}',
      one: 'أفضل من {n}',
      two: 'أفضل من {n}',
      few: 'أفضل من {n}',
      many: 'أفضل من {n}',
      other: 'أفضل من {n}',
    },
  },
  path: { title: 'المسار في الجدول', winner: 'الفائز', loser: 'الخاسر', winsBracket: 'يفوز بالبطولة' },
  break: { title: 'استراحة', nextMatch: 'المباراة التالية', next: 'التالي', lastResult: 'النتيجة الأخيرة' },
  casters: {
    title: { zero: 'التعليق', one: 'المعلق', two: 'المعلقان', few: 'المعلقون', many: 'المعلقون', other: 'المعلقون' },
  },
}
