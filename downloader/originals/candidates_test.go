package originals

import (
	"net/url"
	"strings"
	"testing"
)

// TestEachRuleFromRealShapedAddresses gives each built-in rule the kind of
// address its site really uses and checks its first candidate, the
// Referer it asks for and the small size it reads.
func TestEachRuleFromRealShapedAddresses(t *testing.T) {
	tests := []struct {
		rule, link, first, referer string
		small                      Size
	}{
		{"weibo", "https://wx1.sinaimg.cn/orj360/006abcDEly1h0z9abcdefj30u0140qv5.jpg", "https://wx1.sinaimg.cn/large/006abcDEly1h0z9abcdefj30u0140qv5.jpg", "https://weibo.com/", Size{}},
		{"weibo", "http://tvax3.sinaimg.cn/mw690/0081qABCgy1h5xyz.jpg", "http://tvax3.sinaimg.cn/large/0081qABCgy1h5xyz.jpg", "https://weibo.com/", Size{}},
		{"weibo", "https://ww2.sinaimg.cn/thumb150/abc.gif", "https://ww2.sinaimg.cn/large/abc.gif", "https://weibo.com/", Size{}},
		{"pixiv", "https://i.pximg.net/c/250x250_80_a2/img-master/img/2023/04/01/12/30/45/106912345_p0_square1200.jpg", "https://i.pximg.net/img-original/img/2023/04/01/12/30/45/106912345_p0.jpg", "https://www.pixiv.net/artworks/106912345", Size{}},
		{"pixiv", "https://i.pximg.net/img-master/img/2020/01/01/00/00/00/78901234_p3_master1200.jpg", "https://i.pximg.net/img-original/img/2020/01/01/00/00/00/78901234_p3.jpg", "https://www.pixiv.net/artworks/78901234", Size{}},
		{"twitter-format", "https://pbs.twimg.com/media/GAbCdEfXwAA1xyZ?format=jpg&name=small", "https://pbs.twimg.com/media/GAbCdEfXwAA1xyZ?format=jpg&name=orig", "", Size{}},
		{"twitter", "https://pbs.twimg.com/media/DxYzAbCU0AEjklm.png:small", "https://pbs.twimg.com/media/DxYzAbCU0AEjklm?format=png&name=orig", "", Size{}},
		{"twitter", "https://pbs.twimg.com/media/DxYzAbCU0AEjklm.jpg?name=900x900", "https://pbs.twimg.com/media/DxYzAbCU0AEjklm?format=jpg&name=orig", "", Size{}},
		{"pinterest", "https://i.pinimg.com/236x/4e/8a/1f/4e8a1f0c2b7d9e6f5a4b3c2d1e0f9a8b.jpg", "https://i.pinimg.com/originals/4e/8a/1f/4e8a1f0c2b7d9e6f5a4b3c2d1e0f9a8b.jpg", "", Size{Width: 236}},
		{"pinterest", "https://i.pinimg.com/736x/4e/8a/1f/4e8a1f0c2b7d9e6f5a4b3c2d1e0f9a8b.jpg", "https://i.pinimg.com/originals/4e/8a/1f/4e8a1f0c2b7d9e6f5a4b3c2d1e0f9a8b.jpg", "", Size{Width: 736}},
		{"wordpress-size", "https://blog.example.org/wp-content/uploads/2024/05/sunset-beach-300x200.jpg", "https://blog.example.org/wp-content/uploads/2024/05/sunset-beach.jpg", "", Size{300, 200}},
		{"wordpress-size", "http://127.0.0.1:8080/wp-content/uploads/2019/11/IMG_2041-1024x768.jpeg?v=2", "http://127.0.0.1:8080/wp-content/uploads/2019/11/IMG_2041.jpeg", "", Size{1024, 768}},
		{"wordpress-scaled", "https://news.example.com/wp-content/uploads/2023/02/parade-scaled.jpg", "https://news.example.com/wp-content/uploads/2023/02/parade.jpg", "", Size{}},
		{"wordpress-proxy", "https://i2.wp.com/myblog.example/wp-content/uploads/2021/07/cat.png?resize=768%2C512&ssl=1", "https://myblog.example/wp-content/uploads/2021/07/cat.png", "", Size{}},
		{"wordpress-com", "https://alice.files.wordpress.com/2015/06/garden.jpg?w=300&h=225", "https://alice.files.wordpress.com/2015/06/garden.jpg", "", Size{}},
		{"blogger", "https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEhAbCdEf123/s320/lake.jpg", "https://blogger.googleusercontent.com/img/b/R29vZ2xl/AVvXsEhAbCdEf123/s0/lake.jpg", "", Size{}},
		{"blogger", "https://1.bp.blogspot.com/-AbC/XyZ/AAAA/abc/w400-h300/lake.jpg", "https://1.bp.blogspot.com/-AbC/XyZ/AAAA/abc/s0/lake.jpg", "", Size{}},
		{"google-photos", "https://lh3.googleusercontent.com/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789=w400-h300-no", "https://lh3.googleusercontent.com/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789=s0", "", Size{}},
		{"bilibili", "https://i0.hdslb.com/bfs/archive/3f6e2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f.jpg@240w_135h_1c.webp", "https://i0.hdslb.com/bfs/archive/3f6e2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f.jpg", "", Size{}},
		{"object-storage-at", "https://img.alicdn.com/imgextra/i4/123/O1CN01abc.jpg@300w_300h.jpg", "https://img.alicdn.com/imgextra/i4/123/O1CN01abc.jpg", "", Size{}},
		{"object-storage-bang", "https://bucket.b0.upaiyun.com/photos/2024/abc.png!thumb", "https://bucket.b0.upaiyun.com/photos/2024/abc.png", "", Size{}},
		{"object-storage-process", "https://shop.oss-cn-hangzhou.aliyuncs.com/goods/a1.jpg?x-oss-process=image/resize,w_300", "https://shop.oss-cn-hangzhou.aliyuncs.com/goods/a1.jpg", "", Size{}},
		{"object-storage-process", "https://cdn.example.clouddn.com/pics/b2.jpg?imageView2/2/w/400", "https://cdn.example.clouddn.com/pics/b2.jpg", "", Size{}},
		{"zhihu", "https://pic1.zhimg.com/v2-8c9f0e1d2a3b4c5d6e7f8091a2b3c4d5_b.jpg", "https://pic1.zhimg.com/v2-8c9f0e1d2a3b4c5d6e7f8091a2b3c4d5_r.jpg", "", Size{}},
		{"zhihu", "https://pic3.zhimg.com/80/v2-8c9f0e1d2a3b4c5d6e7f8091a2b3c4d5_720w.webp?source=1940ef5c", "https://pic3.zhimg.com/v2-8c9f0e1d2a3b4c5d6e7f8091a2b3c4d5_r.webp", "", Size{}},
		{"douban", "https://img1.doubanio.com/view/photo/s_ratio_poster/public/p2561716440.jpg", "https://img1.doubanio.com/view/photo/raw/public/p2561716440.jpg", "https://www.douban.com/", Size{}},
		{"douban", "https://img9.doubanio.com/view/photo/m/public/p1234567890.webp", "https://img9.doubanio.com/view/photo/raw/public/p1234567890.webp", "https://www.douban.com/", Size{}},
		{"reddit", "https://preview.redd.it/a1b2c3d4e5f6g7.jpg?width=640&crop=smart&auto=webp&s=0123abcd", "https://i.redd.it/a1b2c3d4e5f6g7.jpg", "", Size{}},
		{"reddit", "https://preview.redd.it/my-cat-at-the-window-v0-a1b2c3d4e5f6g7.jpeg?width=1080&format=pjpg&auto=webp&s=9f8e", "https://i.redd.it/a1b2c3d4e5f6g7.jpeg", "", Size{}},
		{"imgur", "https://i.imgur.com/AbCdEfGm.jpg", "https://i.imgur.com/AbCdEfG.jpg", "", Size{}},
		{"imgur", "https://i.imgur.com/aB3dEs.png", "https://i.imgur.com/aB3dE.png", "", Size{}},
		{"tumblr", "https://64.media.tumblr.com/3a2b1c/tumblr_o1abcDEF2g1qz9x8yo1_400.jpg", "https://64.media.tumblr.com/3a2b1c/tumblr_o1abcDEF2g1qz9x8yo1_1280.jpg", "", Size{}},
		{"tumblr-new", "https://64.media.tumblr.com/0a1b2c3d4e5f/6a7b8c9d0e1f2a3b-c4/s540x810/0123abcd4567ef.jpg", "https://64.media.tumblr.com/0a1b2c3d4e5f/6a7b8c9d0e1f2a3b-c4/s2048x3072/0123abcd4567ef.jpg", "", Size{}},
		{"xiaohongshu", "https://sns-webpic-qc.xhscdn.com/202405211530/8f7e6d5c4b3a29181716151413121110/1040g2sg31abcdefghijklmn05o7pqrstuvw!nd_dft_wlteh_webp_3", "https://sns-img-qc.xhscdn.com/1040g2sg31abcdefghijklmn05o7pqrstuvw", "https://www.xiaohongshu.com/", Size{}},
		{"imgix", "https://assets.example.imgix.net/photos/hero.jpg?w=400&h=300&fit=crop&auto=format", "https://assets.example.imgix.net/photos/hero.jpg", "", Size{}},
		{"discord", "https://media.discordapp.net/attachments/111/222/pic.png?ex=6650abcd&is=664f5a4d&hm=0123abcd&=&format=webp&width=400&height=300", "https://cdn.discordapp.com/attachments/111/222/pic.png?ex=6650abcd&is=664f5a4d&hm=0123abcd", "", Size{}},
	}
	table := Builtin()
	for _, tt := range tests {
		t.Run(tt.rule+" "+tt.link, func(t *testing.T) {
			u, err := url.Parse(tt.link)
			if err != nil {
				t.Fatal(err)
			}
			p := table.Candidates(u)
			if len(p.Candidates) == 0 {
				t.Fatalf("no candidate for %s", tt.link)
			}
			first := p.Candidates[0]
			if first.URL != tt.first || first.Rule != tt.rule {
				t.Errorf("first candidate %s (rule %s), want %s (rule %s)", first.URL, first.Rule, tt.first, tt.rule)
			}
			if got := first.Header.Get("Referer"); got != tt.referer {
				t.Errorf("Referer %q, want %q", got, tt.referer)
			}
			if p.Small != tt.small {
				t.Errorf("small size %+v, want %+v", p.Small, tt.small)
			}
			for _, c := range p.Candidates {
				if c.URL == tt.link {
					t.Errorf("the link itself is a candidate")
				}
			}
		})
	}
}

// TestCandidatesInOrder checks rules that propose several candidates.
func TestCandidatesInOrder(t *testing.T) {
	tests := []struct {
		link string
		want []string
	}{
		{"https://pbs.twimg.com/media/GAbC?format=jpg&name=small", []string{
			"https://pbs.twimg.com/media/GAbC?format=jpg&name=orig",
			"https://pbs.twimg.com/media/GAbC?format=jpg&name=4096x4096",
			"https://pbs.twimg.com/media/GAbC?format=jpg&name=large"}},
		{"https://pbs.twimg.com/media/GAbC?format=jpg&name=orig", []string{
			"https://pbs.twimg.com/media/GAbC?format=jpg&name=4096x4096",
			"https://pbs.twimg.com/media/GAbC?format=jpg&name=large"}},
		{"https://i.pinimg.com/564x/aa/bb/cc/aabbcc.jpg", []string{
			"https://i.pinimg.com/originals/aa/bb/cc/aabbcc.jpg", "https://i.pinimg.com/originals/aa/bb/cc/aabbcc.png",
			"https://i.pinimg.com/originals/aa/bb/cc/aabbcc.gif", "https://i.pinimg.com/originals/aa/bb/cc/aabbcc.webp"}},
		{"http://i.pximg.net/img-master/img/2020/01/01/00/00/00/1_p0_master1200.jpg", []string{
			"http://i.pximg.net/img-original/img/2020/01/01/00/00/00/1_p0.jpg", "http://i.pximg.net/img-original/img/2020/01/01/00/00/00/1_p0.png",
			"http://i.pximg.net/img-original/img/2020/01/01/00/00/00/1_p0.gif"}},
		// An image proxy's origin is itself a resized copy: its original first, then the origin.
		{"https://i1.wp.com/blog.example/wp-content/uploads/2020/01/cat-300x200.jpg?resize=300%2C200", []string{
			"https://blog.example/wp-content/uploads/2020/01/cat.jpg", "https://blog.example/wp-content/uploads/2020/01/cat-300x200.jpg"}},
		{"https://img3.doubanio.com/view/photo/l/public/p99.jpg", []string{
			"https://img3.doubanio.com/view/photo/raw/public/p99.jpg"}},
		{"https://pic2.zhimg.com/v2-ab12_720w.jpg", []string{"https://pic2.zhimg.com/v2-ab12_r.jpg"}},
	}
	table := Builtin()
	for _, tt := range tests {
		u, _ := url.Parse(tt.link)
		var got []string
		for _, c := range table.Candidates(u).Candidates {
			got = append(got, c.URL)
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", tt.link, got, tt.want)
		}
	}
}

// TestNoCandidateWhereNoRuleApplies checks links that must be left alone.
func TestNoCandidateWhereNoRuleApplies(t *testing.T) {
	links := []string{
		"https://example.com/photos/cat-300x200.jpg", // no wp-content
		"https://wx1.sinaimg.cn/large/abc.jpg",       // already large
		"https://i.imgur.com/AbCdEfG.jpg",            // an id of 7: the original
		"https://i.pximg.net/img-original/img/2020/01/01/00/00/00/1_p0.png",
		"https://i.pinimg.com/originals/aa/bb/cc/aabbcc.jpg",
		"https://pic1.zhimg.com/v2-abc_r.jpg",
		"https://user@2x.example.com/a@2x.png",
		"http://127.0.0.1:8080/files/plain.jpg",
	}
	table := Builtin()
	for _, link := range links {
		u, _ := url.Parse(link)
		if p := table.Candidates(u); len(p.Candidates) > 0 {
			t.Errorf("%s gets candidates %v", link, p.Candidates[0].URL)
		}
	}
}
