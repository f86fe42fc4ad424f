<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="black-wednesday-works" tilewidth="64" tileheight="56" tilecount="3" columns="3">
 <image source="black-wednesday-works.png" width="192" height="56" />
 <tile id="0" type="works">
  <properties>
   <property name="trench" value="1" type="int" />
  </properties>
 </tile>
 <tile id="1" type="works">
  <properties>
   <property name="trench" value="2" type="int" />
  </properties>
 </tile>
 <tile id="2" type="works">
  <properties>
   <property name="wire" value="1" type="int" />
  </properties>
 </tile>
</tileset>
