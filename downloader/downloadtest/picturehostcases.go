package downloadtest

// Referers the picture hosts ask for.
const (
	weiboReferer  = "https://weibo.com/"
	pixivReferer  = "https://www.pixiv.net/"
	doubanReferer = "https://www.douban.com/"
	xhsReferer    = "https://www.xiaohongshu.com/"
)

// pictureHostCases are the picture hosts' small versions: originals
// behind each host's rule, controls with no bigger version, and traps.
func pictureHostCases() []hostCase {
	var cases []hostCase
	for _, group := range [][]hostCase{weiboCases(), pixivCases(), twitterCases(), pinterestCases(), wordpressCases(),
		googleCases(), chineseCDNCases(), zhihuDoubanCases(), westernCases(), controlCases()} {
		cases = append(cases, group...)
	}
	return cases
}

func weiboCases() []hostCase {
	need := hostFile{referer: weiboReferer}
	return []hostCase{
		{kind: "original", thumb: "wx1.sinaimg.cn/orj360/006cRL0kly1hq2abc01j30u0140.jpg", small: [2]int{360, 480},
			original: "wx1.sinaimg.cn/large/006cRL0kly1hq2abc01j30u0140.jpg", big: [2]int{1080, 1440}, need: need},
		{kind: "original", thumb: "wx2.sinaimg.cn/mw690/0081abcDly1hq2xyz02j30k00qo.jpg", small: [2]int{690, 920},
			original: "wx2.sinaimg.cn/large/0081abcDly1hq2xyz02j30k00qo.jpg", big: [2]int{1500, 2000}, need: need},
		{kind: "original", thumb: "tvax3.sinaimg.cn/thumb150/007Zgm3Xgy1hq2pqr03j30ku0rsgpc.gif", small: [2]int{150, 150},
			original: "tvax3.sinaimg.cn/large/007Zgm3Xgy1hq2pqr03j30ku0rsgpc.gif", big: [2]int{480, 480}, need: need},
		{kind: "trap", thumb: "wx4.sinaimg.cn/bmiddle/005Nbc1ogy1hq2stu04j30u0190.jpg", small: [2]int{440, 587},
			original: "wx4.sinaimg.cn/large/005Nbc1ogy1hq2stu04j30u0190.jpg", big: [2]int{1200, 1600}, need: need},
	}
}

func pixivCases() []hostCase {
	need := hostFile{referer: pixivReferer}
	return []hostCase{
		{kind: "original", thumb: "i.pximg.net/c/250x250_80_a2/img-master/img/2023/04/01/12/30/45/106912345_p0_square1200.jpg", small: [2]int{250, 250},
			original: "i.pximg.net/img-original/img/2023/04/01/12/30/45/106912345_p0.jpg", big: [2]int{1200, 1700}, need: need},
		{kind: "original", thumb: "i.pximg.net/img-master/img/2022/11/20/08/15/00/103001122_p1_master1200.jpg", small: [2]int{848, 1200},
			original: "i.pximg.net/img-original/img/2022/11/20/08/15/00/103001122_p1.png", big: [2]int{1414, 2000}, need: need},
		{kind: "original", thumb: "i.pximg.net/c/540x540_70/img-master/img/2021/06/05/00/00/01/90123456_p0_master1200.jpg", small: [2]int{540, 380},
			original: "i.pximg.net/img-original/img/2021/06/05/00/00/01/90123456_p0.gif", big: [2]int{900, 633}, need: need},
	}
}

func twitterCases() []hostCase {
	return []hostCase{
		{kind: "original", thumb: "pbs.twimg.com/media/GAbCdEfXwAA1xyZ?format=jpg&name=small", small: [2]int{680, 383},
			original: "pbs.twimg.com/media/GAbCdEfXwAA1xyZ?format=jpg&name=orig", big: [2]int{1920, 1080}},
		{kind: "original", thumb: "pbs.twimg.com/media/F9qWeRtYaAAbCdE?format=png&name=360x360", small: [2]int{360, 360},
			original: "pbs.twimg.com/media/F9qWeRtYaAAbCdE?format=png&name=orig", big: [2]int{1024, 1024}},
		{kind: "trap", thumb: "pbs.twimg.com/media/DxYzAbCU0AEjklm.jpg:small", small: [2]int{680, 510},
			original: "pbs.twimg.com/media/DxYzAbCU0AEjklm?format=jpg&name=4096x4096", big: [2]int{2048, 1536},
			extra: map[string]hostFile{"pbs.twimg.com/media/DxYzAbCU0AEjklm?format=jpg&name=orig": {page: true}}},
	}
}

func pinterestCases() []hostCase {
	return []hostCase{
		{kind: "original", thumb: "i.pinimg.com/236x/4e/8a/1f/4e8a1f0c2b7d9e6f5a4b3c2d1e0f9a8b.jpg", small: [2]int{236, 354},
			original: "i.pinimg.com/originals/4e/8a/1f/4e8a1f0c2b7d9e6f5a4b3c2d1e0f9a8b.jpg", big: [2]int{1000, 1500}},
		{kind: "original", thumb: "i.pinimg.com/564x/0a/1b/2c/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpg", small: [2]int{564, 564},
			original: "i.pinimg.com/originals/0a/1b/2c/0a1b2c3d4e5f60718293a4b5c6d7e8f9.png", big: [2]int{1200, 1200}},
		{kind: "original", thumb: "i.pinimg.com/736x/99/88/77/998877665544332211ffeeddccbbaa00.jpg", small: [2]int{736, 490},
			original: "i.pinimg.com/originals/99/88/77/998877665544332211ffeeddccbbaa00.jpg", big: [2]int{1600, 1066}},
	}
}

func wordpressCases() []hostCase {
	return []hostCase{
		{kind: "original", thumb: "blog.example.org/wp-content/uploads/2024/05/sunset-beach-300x200.jpg", small: [2]int{300, 200},
			original: "blog.example.org/wp-content/uploads/2024/05/sunset-beach.jpg", big: [2]int{1500, 1000}},
		{kind: "original", thumb: "travelnotes.example.com/wp-content/uploads/2019/11/IMG_2041-1024x768.jpeg", small: [2]int{1024, 768},
			original: "travelnotes.example.com/wp-content/uploads/2019/11/IMG_2041.jpeg", big: [2]int{2048, 1536}},
		{kind: "original", thumb: "news.example.com/wp-content/uploads/2023/02/parade-scaled.jpg", small: [2]int{1280, 853},
			original: "news.example.com/wp-content/uploads/2023/02/parade.jpg", big: [2]int{2400, 1600}},
		{kind: "original", thumb: "i2.wp.com/myblog.example/wp-content/uploads/2021/07/cat.png?resize=768%2C512&ssl=1", small: [2]int{768, 512},
			original: "myblog.example/wp-content/uploads/2021/07/cat.png", big: [2]int{1536, 1024}},
		{kind: "original", thumb: "i0.wp.com/cooking.example/wp-content/uploads/2020/01/soup-300x300.jpg?resize=300%2C300", small: [2]int{300, 300},
			original: "cooking.example/wp-content/uploads/2020/01/soup.jpg", big: [2]int{1200, 1200}},
		{kind: "original", thumb: "alice.files.wordpress.com/2015/06/garden.jpg?w=300&h=225", small: [2]int{300, 225},
			original: "alice.files.wordpress.com/2015/06/garden.jpg", big: [2]int{1600, 1200}},
		// The "original" of this copy is a smaller picture: the copy is kept.
		{kind: "trap", thumb: "shop.example.net/wp-content/uploads/2022/08/kettle-800x800.jpg", small: [2]int{800, 800},
			extra: map[string]hostFile{"shop.example.net/wp-content/uploads/2022/08/kettle.jpg": {}}},
	}
}

func googleCases() []hostCase {
	return []hostCase{
		{kind: "original", thumb: "blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEhAbCdEf123/s320/lake.jpg", small: [2]int{320, 240},
			original: "blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEhAbCdEf123/s0/lake.jpg", big: [2]int{1600, 1200}},
		{kind: "original", thumb: "1.bp.blogspot.com/-AbCdE/XyZ/AAAAAAAAB/abc123/w400-h300/harbour.jpg", small: [2]int{400, 300},
			original: "1.bp.blogspot.com/-AbCdE/XyZ/AAAAAAAAB/abc123/s0/harbour.jpg", big: [2]int{2000, 1500}},
		{kind: "original", thumb: "lh3.googleusercontent.com/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789=w400-h300-no", small: [2]int{400, 300},
			original: "lh3.googleusercontent.com/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789=s0", big: [2]int{2000, 1500}},
	}
}

func chineseCDNCases() []hostCase {
	return []hostCase{
		{kind: "original", thumb: "i0.hdslb.com/bfs/archive/3f6e2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f.jpg@240w_135h_1c.webp", small: [2]int{240, 135},
			original: "i0.hdslb.com/bfs/archive/3f6e2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f.jpg", big: [2]int{1920, 1080}},
		{kind: "original", thumb: "i1.hdslb.com/bfs/new_dyn/a1b2c3d4e5f60718293a4b5c6d7e8f90123.png@1052w_!web-dynamic.webp", small: [2]int{1052, 700},
			original: "i1.hdslb.com/bfs/new_dyn/a1b2c3d4e5f60718293a4b5c6d7e8f90123.png", big: [2]int{2104, 1400}},
		{kind: "original", thumb: "img.alicdn.com/imgextra/i4/2206123456789/O1CN01abcDEF.jpg@300w_300h.jpg", small: [2]int{300, 300},
			original: "img.alicdn.com/imgextra/i4/2206123456789/O1CN01abcDEF.jpg", big: [2]int{800, 800}},
		{kind: "original", thumb: "shop-pics.oss-cn-hangzhou.aliyuncs.com/goods/a1.jpg?x-oss-process=image/resize,w_300", small: [2]int{300, 400},
			original: "shop-pics.oss-cn-hangzhou.aliyuncs.com/goods/a1.jpg", big: [2]int{1200, 1600}},
		{kind: "original", thumb: "photos.b0.upaiyun.com/2024/03/street.png!thumb", small: [2]int{200, 150},
			original: "photos.b0.upaiyun.com/2024/03/street.png", big: [2]int{1600, 1200}},
		{kind: "original", thumb: "cdn.example.clouddn.com/pics/b2.jpg?imageView2/2/w/400", small: [2]int{400, 300},
			original: "cdn.example.clouddn.com/pics/b2.jpg", big: [2]int{1600, 1200}},
		{kind: "original", thumb: "sns-webpic-qc.xhscdn.com/202405211530/8f7e6d5c4b3a29181716151413121110/1040g2sg31abcdefghij05o7pqrstuvw!nd_dft_wlteh_webp_3", small: [2]int{540, 720},
			original: "sns-img-qc.xhscdn.com/1040g2sg31abcdefghij05o7pqrstuvw", big: [2]int{1080, 1440}, need: hostFile{referer: xhsReferer}},
		{kind: "original", thumb: "sns-webpic-qc.xhscdn.com/202405211531/0f1e2d3c4b5a69788796a5b4c3d2e1f0/1040g00831xyzxyzxyz05o7abcdefgh!nd_prv_wlteh_webp_3", small: [2]int{360, 480},
			original: "ci.xiaohongshu.com/1040g00831xyzxyzxyz05o7abcdefgh", big: [2]int{1080, 1440}, need: hostFile{referer: xhsReferer}},
	}
}

func zhihuDoubanCases() []hostCase {
	douban := hostFile{referer: doubanReferer}
	return []hostCase{
		{kind: "original", thumb: "pic1.zhimg.com/v2-8c9f0e1d2a3b4c5d6e7f8091a2b3c4d5_b.jpg", small: [2]int{600, 400},
			original: "pic1.zhimg.com/v2-8c9f0e1d2a3b4c5d6e7f8091a2b3c4d5_r.jpg", big: [2]int{1800, 1200}},
		{kind: "original", thumb: "pic3.zhimg.com/80/v2-0a1b2c3d4e5f60718293a4b5c6d7e8f9_720w.jpg", small: [2]int{720, 480},
			original: "pic3.zhimg.com/v2-0a1b2c3d4e5f60718293a4b5c6d7e8f9_r.jpg", big: [2]int{1440, 960}},
		{kind: "original", thumb: "pic4.zhimg.com/v2-ffeeddccbbaa99887766554433221100_xl.png", small: [2]int{1000, 500},
			original: "pic4.zhimg.com/v2-ffeeddccbbaa99887766554433221100_r.png", big: [2]int{2000, 1000}},
		{kind: "trap", thumb: "img1.doubanio.com/view/photo/s_ratio_poster/public/p2561716440.jpg", small: [2]int{270, 400},
			original: "img1.doubanio.com/view/photo/raw/public/p2561716440.jpg", big: [2]int{1080, 1600}, need: douban},
		{kind: "original", thumb: "img9.doubanio.com/view/photo/m/public/p1234567890.jpg", small: [2]int{400, 300},
			original: "img9.doubanio.com/view/photo/raw/public/p1234567890.jpg", big: [2]int{2000, 1500}, need: douban},
		{kind: "original", thumb: "img2.doubanio.com/view/photo/l/public/p2233445566.jpg", small: [2]int{600, 400},
			original: "img2.doubanio.com/view/photo/raw/public/p2233445566.jpg", big: [2]int{2400, 1600}, need: douban},
	}
}

func westernCases() []hostCase {
	return []hostCase{
		{kind: "original", thumb: "preview.redd.it/a1b2c3d4e5f6g7.jpg?width=640&crop=smart&auto=webp&s=0123abcd", small: [2]int{640, 480},
			original: "i.redd.it/a1b2c3d4e5f6g7.jpg", big: [2]int{2016, 1512}},
		{kind: "original", thumb: "preview.redd.it/my-cat-at-the-window-v0-h8j9k0l1m2n3.jpeg?width=1080&format=pjpg&auto=webp&s=9f8e", small: [2]int{1080, 810},
			original: "i.redd.it/h8j9k0l1m2n3.jpeg", big: [2]int{1512, 1134}},
		{kind: "original", thumb: "i.imgur.com/AbCdEfGm.jpg", small: [2]int{320, 240},
			original: "i.imgur.com/AbCdEfG.jpg", big: [2]int{2560, 1920}},
		{kind: "original", thumb: "i.imgur.com/aB3dEl.png", small: [2]int{640, 480},
			original: "i.imgur.com/aB3dE.png", big: [2]int{1920, 1440}},
		{kind: "original", thumb: "64.media.tumblr.com/3a2b1c0d/tumblr_o1abcDEF2g1qz9x8yo1_400.jpg", small: [2]int{400, 300},
			original: "64.media.tumblr.com/3a2b1c0d/tumblr_o1abcDEF2g1qz9x8yo1_1280.jpg", big: [2]int{1280, 960}},
		{kind: "original", thumb: "64.media.tumblr.com/0a1b2c3d4e5f/6a7b8c9d0e1f2a3b-c4/s540x810/0123abcd4567ef.jpg", small: [2]int{540, 810},
			original: "64.media.tumblr.com/0a1b2c3d4e5f/6a7b8c9d0e1f2a3b-c4/s2048x3072/0123abcd4567ef.jpg", big: [2]int{1280, 1920}},
		{kind: "original", thumb: "assets.example.imgix.net/photos/hero.jpg?w=400&h=300&fit=crop&auto=format", small: [2]int{400, 300},
			original: "assets.example.imgix.net/photos/hero.jpg", big: [2]int{2400, 1800}},
		{kind: "original", thumb: "media.discordapp.net/attachments/111/222/pic.png?ex=6650abcd&is=664f5a4d&hm=0123abcd&=&format=webp&width=400&height=300", small: [2]int{400, 300},
			original: "cdn.discordapp.com/attachments/111/222/pic.png?ex=6650abcd&is=664f5a4d&hm=0123abcd", big: [2]int{1600, 1200},
			need: hostFile{query: "hm=0123abcd"}},
	}
}

// controlCases have no bigger version: hosts without a rule, and hosts
// with one whose candidates all fail.
func controlCases() []hostCase {
	return []hostCase{
		{kind: "control", thumb: "photos.example.com/gallery/2024/cat.jpg", small: [2]int{800, 600}},
		{kind: "control", thumb: "img.example.cn/upload/201905/dog.png", small: [2]int{640, 480}},
		{kind: "control", thumb: "wx3.sinaimg.cn/orj360/000nothing0ly1hq2gone.jpg", small: [2]int{360, 360}},
		{kind: "control", thumb: "i.pinimg.com/236x/de/ad/be/deadbeefdeadbeefdeadbeefdeadbeef.jpg", small: [2]int{236, 300}},
		{kind: "control", thumb: "i.imgur.com/GoneAbCs.jpg", small: [2]int{90, 90},
			extra: map[string]hostFile{"i.imgur.com/GoneAbC.jpg": {redirect: "http://i.imgur.com/removed.png"}, "i.imgur.com/removed.png": {}}},
		{kind: "control", thumb: "pbs.twimg.com/media/NoOriginalHere?format=jpg&name=small", small: [2]int{680, 680},
			extra: map[string]hostFile{"pbs.twimg.com/media/NoOriginalHere?format=jpg&name=orig": {page: true}}},
	}
}
