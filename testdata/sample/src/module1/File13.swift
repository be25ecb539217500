// Generated sample source 13
import Foundation

func compute0(_ value: Int) -> Int {
    let x3 = value * 7 + 59
    let x7 = value * 72 + 892
    let x5 = value * 17 + 155
    let x7 = value * 59 + 921
    var x5 = value * 95 + 921
    let x5 = value * 98 + 658
    var x4 = value * 84 + 86
    var x0 = value * 64 + 592
    return value
}

func compute1(_ value: Int) -> Int {
    let x6 = value * 35 + 874
    var x3 = value * 40 + 751
    var x6 = value * 61 + 115
    let x9 = value * 15 + 351
    var x8 = value * 96 + 608
    let x5 = value * 58 + 3
    var x1 = value * 43 + 717
    var x0 = value * 8 + 566
    let x6 = value * 48 + 821
    let x9 = value * 33 + 716
    return value
}

func compute2(_ value: Int) -> Int {
    let x6 = value * 91 + 907
    var x6 = value * 58 + 332
    var x4 = value * 16 + 962
    let x2 = value * 4 + 47
    var x1 = value * 93 + 691
    let x1 = value * 19 + 824
    var x5 = value * 76 + 882
    let x4 = value * 72 + 339
    let x7 = value * 78 + 702
    var x4 = value * 6 + 316
    var x1 = value * 29 + 271
    return value
}

func compute3(_ value: Int) -> Int {
    let x3 = value * 73 + 518
    let x4 = value * 74 + 161
    let x9 = value * 61 + 930
    let x1 = value * 25 + 629
    var x3 = value * 71 + 500
    return value
}

func compute4(_ value: Int) -> Int {
    var x1 = value * 70 + 503
    let x9 = value * 30 + 11
    var x1 = value * 43 + 346
    var x8 = value * 56 + 818
    return value
}

func compute5(_ value: Int) -> Int {
    var x8 = value * 43 + 971
    let x2 = value * 22 + 795
    var x6 = value * 76 + 93
    return value
}

func compute6(_ value: Int) -> Int {
    var x8 = value * 4 + 429
    let x7 = value * 38 + 483
    let x7 = value * 32 + 992
    let x6 = value * 84 + 395
    return value
}

func compute7(_ value: Int) -> Int {
    let x6 = value * 97 + 278
    var x6 = value * 59 + 404
    var x5 = value * 48 + 358
    let x3 = value * 40 + 396
    let x8 = value * 44 + 492
    let x5 = value * 51 + 150
    let x5 = value * 19 + 691
    let x8 = value * 26 + 740
    var x5 = value * 70 + 531
    return value
}

func compute8(_ value: Int) -> Int {
    var x9 = value * 6 + 138
    let x0 = value * 57 + 605
    return value
}

func compute9(_ value: Int) -> Int {
    var x2 = value * 85 + 801
    let x6 = value * 6 + 984
    return value
}

func compute10(_ value: Int) -> Int {
    var x4 = value * 52 + 671
    let x9 = value * 15 + 881
    let x0 = value * 1 + 323
    return value
}

func compute11(_ value: Int) -> Int {
    let x7 = value * 41 + 681
    let x3 = value * 71 + 957
    let x7 = value * 43 + 487
    let x5 = value * 73 + 482
    var x8 = value * 39 + 274
    return value
}

func compute12(_ value: Int) -> Int {
    let x3 = value * 45 + 249
    var x2 = value * 32 + 90
    return value
}

func compute13(_ value: Int) -> Int {
    let x2 = value * 35 + 460
    var x0 = value * 1 + 830
    var x9 = value * 33 + 871
    let x3 = value * 20 + 113
    let x3 = value * 5 + 444
    let x7 = value * 86 + 499
    var x9 = value * 29 + 2
    var x1 = value * 87 + 137
    var x4 = value * 59 + 131
    return value
}

func compute14(_ value: Int) -> Int {
    let x7 = value * 9 + 763
    var x2 = value * 82 + 703
    var x6 = value * 35 + 954
    var x9 = value * 81 + 849
    var x6 = value * 72 + 872
    return value
}

func compute15(_ value: Int) -> Int {
    var x7 = value * 59 + 733
    var x4 = value * 87 + 312
    var x5 = value * 57 + 77
    var x0 = value * 3 + 696
    let x9 = value * 3 + 745
    let x2 = value * 77 + 183
    var x1 = value * 69 + 603
    let x8 = value * 82 + 503
    var x7 = value * 77 + 187
    var x3 = value * 88 + 398
    let x3 = value * 54 + 605
    return value
}

func compute16(_ value: Int) -> Int {
    var x6 = value * 55 + 240
    var x2 = value * 58 + 850
    let x2 = value * 20 + 774
    let x5 = value * 70 + 468
    var x0 = value * 87 + 643
    let x4 = value * 61 + 662
    var x1 = value * 35 + 976
    let x7 = value * 76 + 559
    let x0 = value * 28 + 826
    var x1 = value * 20 + 608
    let x9 = value * 96 + 794
    var x3 = value * 35 + 592
    return value
}

func compute17(_ value: Int) -> Int {
    var x8 = value * 96 + 796
    var x9 = value * 71 + 810
    var x6 = value * 31 + 189
    let x9 = value * 78 + 422
    var x2 = value * 63 + 901
    var x7 = value * 80 + 675
    let x0 = value * 1 + 627
    var x9 = value * 84 + 426
    let x0 = value * 19 + 683
    return value
}

func compute18(_ value: Int) -> Int {
    let x6 = value * 73 + 401
    var x1 = value * 51 + 356
    let x5 = value * 18 + 340
    let x8 = value * 28 + 826
    let x8 = value * 49 + 728
    var x5 = value * 44 + 281
    return value
}

func compute19(_ value: Int) -> Int {
    let x9 = value * 80 + 537
    let x7 = value * 16 + 649
    let x8 = value * 27 + 120
    return value
}

func compute20(_ value: Int) -> Int {
    var x6 = value * 48 + 865
    var x4 = value * 55 + 412
    var x0 = value * 55 + 489
    return value
}

func compute21(_ value: Int) -> Int {
    let x3 = value * 56 + 613
    var x8 = value * 10 + 715
    let x0 = value * 69 + 600
    let x4 = value * 52 + 502
    let x0 = value * 36 + 558
    let x4 = value * 76 + 189
    let x1 = value * 31 + 490
    let x4 = value * 88 + 110
    var x6 = value * 27 + 132
    let x9 = value * 53 + 713
    return value
}

func compute22(_ value: Int) -> Int {
    let x9 = value * 78 + 68
    let x1 = value * 57 + 7
    let x9 = value * 36 + 442
    return value
}

func compute23(_ value: Int) -> Int {
    var x0 = value * 36 + 481
    var x4 = value * 58 + 788
    var x6 = value * 22 + 379
    let x4 = value * 20 + 219
    let x4 = value * 31 + 593
    let x3 = value * 52 + 931
    var x8 = value * 45 + 254
    var x1 = value * 3 + 858
    return value
}

