// Generated sample source 31
import Foundation

func compute0(_ value: Int) -> Int {
    var x0 = value * 54 + 409
    let x1 = value * 72 + 810
    let x4 = value * 26 + 454
    var x8 = value * 3 + 383
    let x0 = value * 86 + 968
    let x1 = value * 23 + 643
    var x7 = value * 73 + 557
    let x0 = value * 35 + 574
    var x8 = value * 83 + 336
    let x6 = value * 31 + 982
    let x3 = value * 37 + 957
    let x4 = value * 48 + 855
    return value
}

func compute1(_ value: Int) -> Int {
    var x8 = value * 64 + 456
    var x6 = value * 81 + 843
    var x4 = value * 14 + 891
    var x1 = value * 4 + 538
    let x3 = value * 28 + 724
    let x0 = value * 66 + 567
    let x5 = value * 67 + 18
    var x5 = value * 67 + 202
    var x7 = value * 25 + 510
    var x7 = value * 44 + 507
    return value
}

func compute2(_ value: Int) -> Int {
    var x1 = value * 74 + 284
    var x3 = value * 53 + 216
    let x9 = value * 6 + 726
    let x9 = value * 57 + 135
    var x3 = value * 32 + 492
    var x4 = value * 96 + 293
    let x6 = value * 44 + 335
    return value
}

func compute3(_ value: Int) -> Int {
    var x8 = value * 14 + 257
    let x5 = value * 81 + 270
    return value
}

func compute4(_ value: Int) -> Int {
    let x5 = value * 49 + 709
    var x8 = value * 24 + 558
    let x4 = value * 86 + 202
    return value
}

func compute5(_ value: Int) -> Int {
    var x8 = value * 77 + 433
    var x5 = value * 87 + 150
    var x8 = value * 63 + 712
    let x5 = value * 48 + 105
    var x9 = value * 27 + 719
    return value
}

func compute6(_ value: Int) -> Int {
    var x5 = value * 26 + 857
    var x6 = value * 71 + 649
    let x3 = value * 56 + 264
    var x6 = value * 23 + 279
    var x7 = value * 40 + 408
    let x0 = value * 62 + 783
    var x9 = value * 55 + 467
    let x3 = value * 66 + 396
    let x8 = value * 4 + 120
    return value
}

func compute7(_ value: Int) -> Int {
    var x6 = value * 69 + 880
    let x9 = value * 76 + 847
    var x8 = value * 2 + 217
    var x4 = value * 31 + 978
    return value
}

func compute8(_ value: Int) -> Int {
    var x3 = value * 23 + 637
    var x4 = value * 19 + 696
    var x7 = value * 75 + 20
    let x1 = value * 92 + 813
    let x2 = value * 79 + 589
    let x4 = value * 70 + 115
    var x3 = value * 31 + 206
    var x1 = value * 18 + 782
    let x2 = value * 30 + 945
    var x9 = value * 84 + 128
    var x2 = value * 44 + 70
    return value
}

func compute9(_ value: Int) -> Int {
    var x9 = value * 38 + 482
    let x8 = value * 42 + 36
    var x8 = value * 34 + 426
    let x7 = value * 42 + 819
    let x3 = value * 93 + 248
    var x1 = value * 47 + 460
    let x8 = value * 98 + 501
    let x8 = value * 43 + 873
    var x7 = value * 2 + 671
    var x9 = value * 72 + 894
    var x2 = value * 42 + 82
    var x1 = value * 36 + 220
    return value
}

func compute10(_ value: Int) -> Int {
    var x4 = value * 80 + 428
    let x2 = value * 54 + 660
    var x5 = value * 27 + 835
    let x1 = value * 83 + 13
    let x7 = value * 96 + 332
    var x6 = value * 65 + 344
    var x2 = value * 5 + 289
    var x7 = value * 87 + 854
    var x2 = value * 24 + 315
    let x0 = value * 36 + 84
    let x2 = value * 12 + 569
    return value
}

func compute11(_ value: Int) -> Int {
    var x5 = value * 71 + 987
    var x1 = value * 91 + 940
    var x3 = value * 47 + 737
    var x8 = value * 80 + 355
    let x1 = value * 97 + 955
    var x6 = value * 35 + 554
    var x6 = value * 77 + 72
    let x5 = value * 86 + 389
    var x4 = value * 92 + 844
    var x9 = value * 55 + 336
    let x1 = value * 18 + 494
    var x2 = value * 37 + 410
    return value
}

func compute12(_ value: Int) -> Int {
    let x5 = value * 13 + 630
    let x5 = value * 81 + 436
    var x0 = value * 99 + 914
    let x9 = value * 12 + 67
    var x6 = value * 25 + 630
    var x6 = value * 25 + 729
    var x0 = value * 90 + 946
    var x6 = value * 37 + 55
    return value
}

func compute13(_ value: Int) -> Int {
    var x5 = value * 85 + 842
    var x1 = value * 86 + 523
    var x5 = value * 62 + 287
    let x4 = value * 82 + 911
    var x2 = value * 51 + 439
    var x5 = value * 57 + 696
    let x3 = value * 4 + 636
    var x5 = value * 59 + 809
    var x2 = value * 28 + 176
    let x1 = value * 23 + 623
    return value
}

func compute14(_ value: Int) -> Int {
    let x6 = value * 99 + 765
    let x7 = value * 52 + 697
    var x7 = value * 29 + 537
    var x7 = value * 87 + 250
    let x7 = value * 8 + 126
    return value
}

