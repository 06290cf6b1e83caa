export declare function testBrowser(): string;
